import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core'
import type { WarrantyAnswer } from '../../../contracts/warranty'
import { asList, isSaleMovement } from '../../../domain/warranty'
import { useTranslation } from '../../i18n/use-translation'

/** 'Garanti süresinin bitmesine 318 gün kaldı.', the last day, or how long ago it ran out. */
function remainingText(days: number, t: ReturnType<typeof useTranslation>['t']): string {
  if (days > 0) return t('warranty.daysLeft', { count: days })
  if (days === 0) return t('warranty.lastDay')
  return t('warranty.expired', { count: -days })
}

/**
 * The answer (spec/2 §2): the warranty left or its expiry, and the movements with the status SATIŞ
 * (date, status, document number). A document of another company's sale comes without its number.
 */
export function WarrantyResult({
  answer,
  onNewInquiry,
  onClose,
}: {
  answer: WarrantyAnswer
  onNewInquiry: () => void
  onClose: () => void
}) {
  const { t } = useTranslation()
  const sales = asList(answer.hareket).filter((m) => isSaleMovement(m.durum))
  const covered = answer.garantiSuresi >= 0
  const hidden = sales.some((m) => m.belgeNo === null)
  return (
    <Stack gap="md">
      <div>
        <Badge color={covered ? 'green' : 'red'} variant="light" mb={6}>
          {t(covered ? 'warranty.inWarranty' : 'warranty.outOfWarranty')}
        </Badge>
        <Text fw={600} data-testid="warranty-days">
          {remainingText(answer.garantiSuresi, t)}
        </Text>
      </div>
      <Stack gap={4}>
        <Text size="sm">
          {t('warranty.serial')}: <strong>{answer.seriNo}</strong>
        </Text>
        {answer.urun && (
          <Text size="sm">
            {t('warranty.product')}: {answer.urun.name} ({answer.urun.code})
          </Text>
        )}
        <Text size="sm">
          {t('warranty.endDate')}: {answer.garantiBitis}
        </Text>
      </Stack>
      <Table striped withTableBorder captionSide="top" data-testid="warranty-movements">
        <Table.Caption>{t('warranty.movements')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('warranty.date')}</Table.Th>
            <Table.Th scope="col">{t('warranty.status')}</Table.Th>
            <Table.Th scope="col">{t('warranty.documentNo')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sales.map((m, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two sales may share day, status and document
            <Table.Tr key={i}>
              <Table.Td>{m.tarih}</Table.Td>
              <Table.Td>{m.durum}</Table.Td>
              <Table.Td>{m.belgeNo ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {hidden && (
        <Text size="xs" c="dimmed">
          {t('warranty.documentHidden')}
        </Text>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onNewInquiry}>
          {t('warranty.newInquiry')}
        </Button>
        <Button onClick={onClose} data-autofocus>
          {t('alert.ok')}
        </Button>
      </Group>
    </Stack>
  )
}
