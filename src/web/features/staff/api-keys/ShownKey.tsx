import { Alert, Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core'
import type { ApiKeyIssued } from '../../../../contracts/api-keys'
import { AlertIcon } from '../../../components/icons/Icons'
import { useTranslation } from '../../../i18n/use-translation'

const S = 'apiKeys.shown'

/**
 * A key just made (created or rotated), shown this once: the server keeps only its hash, so the
 * dialog says plainly that it will not be shown again, and offers a copy button.
 */
export function ShownKey({ issued, onClose }: { issued: ApiKeyIssued | null; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <Modal
      opened={issued !== null}
      onClose={onClose}
      title={t(`${S}.title`)}
      centered
      size="lg"
      closeOnClickOutside={false}
    >
      {issued && (
        <Stack gap="md">
          <Alert color="yellow" variant="light" icon={<AlertIcon />} role="alert">
            {t(`${S}.warning`)}
          </Alert>
          <Text size="sm" fw={600}>
            {issued.name}
          </Text>
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              label={t(`${S}.label`)}
              value={issued.key}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              style={{ flex: 1 }}
              styles={{ input: { fontFamily: 'monospace' } }}
              data-testid="api-key-value"
            />
            <CopyButton value={issued.key}>
              {({ copied, copy }) => (
                <Button variant={copied ? 'light' : 'filled'} onClick={copy} data-testid="api-key-copy">
                  {copied ? t(`${S}.copied`) : t(`${S}.copy`)}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} data-testid="api-key-shown-close">
              {t(`${S}.done`)}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  )
}
