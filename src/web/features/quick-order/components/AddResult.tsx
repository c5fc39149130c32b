import { Alert, Anchor, Button, List, Stack, Text } from '@mantine/core'
import { type Ref, useId } from 'react'
import { Link } from 'react-router'
import { AlertIcon, CartIcon, CheckIcon } from '../../../components/icons/Icons'
import { useTranslation } from '../../../i18n/use-translation'
import { useLocalePath } from '../../../lib/session-context'
import type { AddOutcome } from '../hooks/use-quick-order'

/**
 * What the add did: the lines that went into the cart, each refused line with its product and the
 * cart's reason, the lines with problems that were not sent, and the way to the cart. It takes the
 * focus when it appears (the add button may be gone with the lines), so it is read at once.
 */
export function AddResult({
  outcome,
  onClose,
  ref,
}: {
  outcome: AddOutcome
  onClose: () => void
  ref?: Ref<HTMLDivElement>
}) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const titleId = useId()
  const clean = outcome.refused.length === 0 && outcome.leftOut === 0 && outcome.added > 0
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      color={clean ? 'teal' : outcome.added > 0 ? 'yellow' : 'red'}
      icon={clean ? <CheckIcon /> : <AlertIcon />}
      title={<span id={titleId}>{t('quickOrder.result.added', { count: outcome.added })}</span>}
      aria-labelledby={titleId}
      role="status"
      withCloseButton
      closeButtonLabel={t('common.close')}
      onClose={onClose}
      data-testid="quick-order-result"
    >
      <Stack gap="xs">
        {outcome.refused.length > 0 && (
          <>
            <Text size="sm">{t('quickOrder.result.refused', { count: outcome.refused.length })}</Text>
            <List size="sm" spacing={4} data-testid="quick-order-refused">
              {outcome.refused.map((line) => (
                <List.Item key={line.key} data-testid="quick-order-refused-line">
                  {t('quickOrder.result.lineLabel', { line: line.line })}{' '}
                  {line.url ? (
                    <Anchor component={Link} to={localePath(line.url)} size="sm">
                      {line.code} {line.name}
                    </Anchor>
                  ) : (
                    line.code
                  )}
                  {': '}
                  <Text span size="sm" c="red.8">
                    {line.message}
                  </Text>
                </List.Item>
              ))}
            </List>
          </>
        )}
        {outcome.leftOut > 0 && (
          <Text size="sm" data-testid="quick-order-left-out">
            {t('quickOrder.result.leftOut', { count: outcome.leftOut })}
          </Text>
        )}
        <div>
          <Button
            component={Link}
            to={localePath('/sepet')}
            size="xs"
            variant="white"
            leftSection={<CartIcon size={16} />}
          >
            {t('quickOrder.result.goToCart')}
          </Button>
        </div>
      </Stack>
    </Alert>
  )
}
