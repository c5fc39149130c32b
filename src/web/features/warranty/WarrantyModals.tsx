import { Modal } from '@mantine/core'
import { useState } from 'react'
import type { WarrantyAnswer } from '../../../contracts/warranty'
import { useTranslation } from '../../i18n/use-translation'
import { WarrantyInquiryForm } from './WarrantyInquiryForm'
import { WarrantyResult } from './WarrantyResult'

/**
 * The two modals of spec/2 §2: 'Garanti/Servis Sorgulama' (the form) and, once an answer came,
 * 'Ürün Garanti/Servis Bilgisi'. The provider gives the focus back when they close, so Mantine's own
 * return is off.
 */
export function WarrantyModals({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const [answer, setAnswer] = useState<WarrantyAnswer | null>(null)
  return (
    <>
      <Modal
        opened={opened && !answer}
        onClose={onClose}
        title={t('warranty.title')}
        returnFocus={false}
        centered
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <WarrantyInquiryForm onAnswer={setAnswer} />
      </Modal>
      <Modal
        opened={opened && answer !== null}
        onClose={onClose}
        title={t('warranty.resultTitle')}
        returnFocus={false}
        centered
        size="lg"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {answer && <WarrantyResult answer={answer} onNewInquiry={() => setAnswer(null)} onClose={onClose} />}
      </Modal>
    </>
  )
}
