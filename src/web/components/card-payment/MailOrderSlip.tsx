import { Button, Card, Group, Image, Stack, Table, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconPrinter } from '@tabler/icons-react'
import type { MailOrder } from '../../../contracts/payments'
import { useTranslation } from '../../i18n/use-translation'
import { useSession } from '../../lib/session-context'
import { decorative } from '../icons/Icons'
import { imageUrl } from '../image-url'
import { buildMailOrderSlip, printSlip, type SlipTexts, slipRows } from './mail-order-print'

const PrintIcon = decorative(IconPrinter)

function useSlipTexts(): SlipTexts {
  const { t } = useTranslation()
  return {
    title: t('payment.slip.title'),
    logo: t('payment.slip.logo'),
    phone: t('payment.slip.phone'),
    customerName: t('payment.slip.customerName'),
    currency: t('payment.slip.currency'),
    installmentAmount: t('payment.slip.installmentAmount'),
    installment: t('payment.slip.installment'),
    cardHolder: t('payment.slip.cardHolder'),
    cardNumber: t('payment.slip.cardNumber'),
    expiryDate: t('payment.slip.expiryDate'),
    description: t('payment.slip.description'),
    date: t('payment.slip.date'),
  }
}

/**
 * The Mail Order slip of a paid payment (spec/2 §2) on screen, with a print button that opens it in
 * a print window of its own (closed 1 s after printing).
 */
export function MailOrderSlip({ slip, printName }: { slip: MailOrder; printName: string }) {
  const { t } = useTranslation()
  const { locale, bootstrap } = useSession()
  const { timeZone } = bootstrap.settings
  const texts = useSlipTexts()
  const print = () => {
    const html = buildMailOrderSlip(slip, texts, locale, window.location.origin, timeZone)
    if (!printSlip(html, printName))
      notifications.show({ color: 'red', message: t('payment.slip.printBlocked') })
  }
  return (
    <Card
      withBorder
      padding="md"
      component="section"
      aria-labelledby="mail-order-title"
      data-testid="mail-order"
    >
      <Group justify="space-between" align="flex-start" mb="sm" gap="sm">
        <Stack gap={2}>
          {slip.store.logo && (
            <Image
              src={imageUrl(slip.store.logo)}
              alt={slip.store.name}
              h={48}
              w="auto"
              maw="100%"
              fit="contain"
              style={{ objectPosition: 'left', alignSelf: 'flex-start' }}
            />
          )}
          <Text fw={600}>{slip.store.name}</Text>
          <Text size="sm" c="dimmed">
            {slip.store.address}
          </Text>
          {slip.store.phone && (
            <Text size="sm" c="dimmed">
              {texts.phone}: {slip.store.phone}
            </Text>
          )}
        </Stack>
        <Button variant="light" leftSection={<PrintIcon size={18} />} onClick={print}>
          {t('payment.slip.print')}
        </Button>
      </Group>
      <Title order={2} size="h4" id="mail-order-title" mb="xs">
        {texts.title}
      </Title>
      <Table withTableBorder withColumnBorders fz="sm" layout="fixed">
        <Table.Tbody>
          {slipRows(slip, texts, locale, timeZone).map(([label, text]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" w="40%">
                {label}
              </Table.Th>
              <Table.Td style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{text}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  )
}
