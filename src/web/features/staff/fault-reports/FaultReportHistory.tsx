import { Button, Modal } from '@mantine/core'
import { useState } from 'react'
import type { AdminFaultReport } from '../../../../contracts/service'
import { useTranslation } from '../../../i18n/use-translation'
import { usePhoneLayout } from '../../../lib/use-phone-layout'
import { EntityHistory } from '../audit/EntityHistory'

const S = 'faultReport.staff'

/**
 * A report's change history, in a dialog opened from its row (the list has no page per report): each
 * step staff gave it, by whom and when. The whole screen on a phone; the focus returns to the button.
 */
export function FaultReportHistory({ report }: { report: AdminFaultReport }) {
  const { t } = useTranslation()
  const phone = usePhoneLayout()
  const [opened, setOpened] = useState(false)
  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        px={4}
        onClick={() => setOpened(true)}
        aria-label={t(`${S}.historyFor`, { no: report.reportNo })}
        data-testid="fault-history-open"
      >
        {t(`${S}.history`)}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t(`${S}.historyTitle`, { no: report.reportNo })}
        fullScreen={phone}
        size="lg"
      >
        {opened && <EntityHistory entity="fault_report" entityId={report.id} headingOrder={null} />}
      </Modal>
    </>
  )
}
