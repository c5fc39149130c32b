import { ActionIcon, CopyButton, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core'
import IconCopy from '@tabler/icons-react/dist/esm/icons/IconCopy.mjs'
import { CheckIcon, decorative } from '../../../components/icons/Icons'
import { useTranslation } from '../../../i18n/use-translation'

const CopyIcon = decorative(IconCopy, 14)

/**
 * A reference staff paste elsewhere (the gateway's payment id into its panel): monospace, broken
 * anywhere rather than widening the table, with a copy button named after what it copies that says
 * (also to a screen reader) when it has. A missing reference reads '—'.
 */
export function CopyableRef({ value, size = 'xs' }: { value: string | null; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation()
  if (!value) return <Text size={size}>—</Text>
  return (
    <Group gap={4} wrap="nowrap" align="center">
      <Text size={size} ff="monospace" style={{ overflowWrap: 'anywhere' }} data-testid="copyable-ref">
        {value}
      </Text>
      <CopyButton value={value} timeout={1500}>
        {({ copied, copy }) => (
          <>
            <Tooltip label={copied ? t('staffPayments.payments.copied') : t('staffPayments.payments.copy')}>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                size="sm"
                onClick={copy}
                aria-label={t('staffPayments.payments.copyValue', { value })}
              >
                {copied ? <CheckIcon size={14} /> : <CopyIcon />}
              </ActionIcon>
            </Tooltip>
            <VisuallyHidden role="status">{copied ? t('staffPayments.payments.copied') : ''}</VisuallyHidden>
          </>
        )}
      </CopyButton>
    </Group>
  )
}
