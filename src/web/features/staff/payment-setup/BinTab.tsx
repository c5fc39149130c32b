import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Code,
  FileInput,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core'
import { modals } from '@mantine/modals'
import { notifications } from '@mantine/notifications'
import { useState } from 'react'
import type { BinPreview, BinSummary } from '../../../../contracts/payment-setup'
import { AlertIcon } from '../../../components/icons/Icons'
import { LoadError } from '../../../components/LoadError'
import { useTranslation } from '../../../i18n/use-translation'
import { isApiError } from '../../../lib/api-error'
import { useDates } from '../../../lib/dates'
import { describeError } from '../../../lib/error-message'
import { useStaffCan } from '../use-staff-can'
import { fieldMessages } from './form-errors'
import { useApplyBin, useBinSummary, usePreviewBin } from './payment-setup-api'

const N = 'paymentSetup.bin'

function Figure({ label, value, testId }: { label: string; value: number; testId?: string }) {
  const { locale } = useDates()
  return (
    <Card withBorder padding="xs" data-testid={testId}>
      <Text size="xs" c="gray.7">
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value.toLocaleString(locale === 'tr' ? 'tr-TR' : 'en-GB')}
      </Text>
    </Card>
  )
}

/** The BIN table as it is: its ranges, those pointing at a bank, per bank, and issuers matching none. */
function Summary({ summary }: { summary: BinSummary }) {
  const { t } = useTranslation()
  return (
    <Stack gap="xs" data-testid="bin-summary">
      <Title order={2} size="h4">
        {t(`${N}.tableTitle`)}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
        <Figure label={t(`${N}.ranges`)} value={summary.ranges} />
        <Figure label={t(`${N}.withBank`)} value={summary.withBank} />
        <Figure label={t(`${N}.withoutBank`)} value={summary.ranges - summary.withBank} />
      </SimpleGrid>
      {summary.banks.length > 0 && (
        <Group gap={6} wrap="wrap" aria-label={t(`${N}.perBank`)}>
          {summary.banks.map((bank) => (
            <Badge key={bank.id} variant="light" tt="none">
              {bank.name}: {bank.ranges}
            </Badge>
          ))}
        </Group>
      )}
      {summary.unmatchedIssuers.length > 0 && (
        <Text size="sm" c="gray.7">
          {t(`${N}.unmatchedIssuers`)}{' '}
          {summary.unmatchedIssuers.map((i) => `${i.issuer || '—'} (${i.ranges})`).join(', ')}
        </Text>
      )}
    </Stack>
  )
}

function PreviewResult({ preview }: { preview: BinPreview }) {
  const { t } = useTranslation()
  return (
    <Stack gap="sm" data-testid="bin-preview" aria-live="polite">
      <Title order={3} size="h5">
        {t(`${N}.previewTitle`)}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        <Figure label={t(`${N}.lines`)} value={preview.lines} testId="bin-lines" />
        <Figure label={t(`${N}.added`)} value={preview.added} testId="bin-added" />
        <Figure label={t(`${N}.changed`)} value={preview.changed} testId="bin-changed" />
        <Figure
          label={preview.replace ? t(`${N}.removed`) : t(`${N}.kept`)}
          value={preview.replace ? preview.removed : preview.kept}
          testId="bin-removed"
        />
        <Figure label={t(`${N}.unchanged`)} value={preview.unchanged} />
        <Figure label={t(`${N}.matched`)} value={preview.matched} testId="bin-matched" />
        <Figure label={t(`${N}.unmatched`)} value={preview.unmatched} testId="bin-unmatched" />
        <Figure label={t(`${N}.rejected`)} value={preview.rejected} testId="bin-rejected" />
      </SimpleGrid>
      {preview.duplicates > 0 && (
        <Text size="sm" c="gray.7">
          {t(`${N}.duplicates`, { count: preview.duplicates })}
        </Text>
      )}
      {preview.banks.length > 0 && (
        <Group gap={6} wrap="wrap">
          {preview.banks.map((bank) => (
            <Badge key={bank.id} variant="light" tt="none">
              {bank.name}: {bank.ranges}
            </Badge>
          ))}
        </Group>
      )}
      {preview.unmatchedIssuers.length > 0 && (
        <Text size="sm" c="gray.7">
          {t(`${N}.unmatchedInFile`)}{' '}
          {preview.unmatchedIssuers.map((i) => `${i.issuer || '—'} (${i.ranges})`).join(', ')}
        </Text>
      )}
      {preview.changes.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table striped aria-label={t(`${N}.changesLabel`)} data-testid="bin-changes">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t(`${N}.columns.prefix`)}</Table.Th>
                <Table.Th>{t(`${N}.columns.change`)}</Table.Th>
                <Table.Th>{t(`${N}.columns.card`)}</Table.Th>
                <Table.Th>{t(`${N}.columns.issuer`)}</Table.Th>
                <Table.Th>{t(`${N}.columns.bank`)}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.changes.map((c) => (
                <Table.Tr key={`${c.kind}-${c.prefix}`}>
                  <Table.Td ff="monospace">{c.prefix}</Table.Td>
                  <Table.Td>{t(`${N}.kinds.${c.kind}`)}</Table.Td>
                  <Table.Td>
                    {c.before && c.before.network + c.before.cardType !== c.network + c.cardType
                      ? `${c.before.network} ${c.before.cardType} → `
                      : ''}
                    {c.network} {c.cardType}
                  </Table.Td>
                  <Table.Td>{c.issuer}</Table.Td>
                  <Table.Td>
                    {c.before && c.before.bank !== c.bank ? `${c.before.bank ?? '—'} → ` : ''}
                    {c.bank ?? '—'}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {preview.rejectedLines.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t(`${N}.rejectedTitle`, { count: preview.rejected })}
          </Text>
          {preview.rejected > preview.rejectedLines.length && (
            <Text size="xs" c="gray.7">
              {t(`${N}.rejectedFirst`, { count: preview.rejectedLines.length })}
            </Text>
          )}
          <Table.ScrollContainer minWidth={480}>
            <Table
              aria-label={t(`${N}.rejectedTitle`, { count: preview.rejected })}
              data-testid="bin-rejected-lines"
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t(`${N}.columns.line`)}</Table.Th>
                  <Table.Th>{t(`${N}.columns.reason`)}</Table.Th>
                  <Table.Th>{t(`${N}.columns.text`)}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.rejectedLines.map((line) => (
                  <Table.Tr key={line.line}>
                    <Table.Td>{line.line}</Table.Td>
                    <Table.Td>{t(`${N}.reasons.${line.reason}`)}</Table.Td>
                    <Table.Td>
                      <Code>{line.text}</Code>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </Stack>
  )
}

function Importer() {
  const { t } = useTranslation()
  const preview = usePreviewBin()
  const apply = useApplyBin()
  const [file, setFile] = useState<File | null>(null)
  const [replace, setReplace] = useState(false)
  const [fileError, setFileError] = useState<string | null>(null)
  const [failure, setFailure] = useState<unknown>(null)
  const shown = preview.data && !preview.isPending ? preview.data : null
  const refused = (error: Error) => {
    if (isApiError(error) && error.handled) return
    const fields = fieldMessages(error, ['file', 'digest'])
    if (fields?.file) setFileError(fields.file)
    else setFailure(error)
  }
  const reset = () => {
    preview.reset()
    setFailure(null)
    setFileError(null)
  }
  const runPreview = () => {
    reset()
    if (!file) return setFileError(t(`${N}.fileRequired`))
    preview.mutate({ file, replace }, { onError: refused })
  }
  const runApply = () => {
    if (!file || !shown) return
    modals.openConfirmModal({
      title: t(`${N}.applyTitle`),
      centered: true,
      children: (
        <Text size="sm">
          {t(`${N}.applyText`, {
            added: shown.added,
            changed: shown.changed,
            removed: shown.replace ? shown.removed : 0,
          })}
        </Text>
      ),
      labels: { confirm: t(`${N}.apply`), cancel: t('paymentSetup.cancel') },
      onConfirm: () =>
        apply.mutate(
          { file, replace: shown.replace, digest: shown.digest },
          {
            onSuccess: (result) => {
              notifications.show({
                color: 'green',
                message: t(`${N}.applied`, {
                  added: result.added,
                  changed: result.changed,
                  removed: result.removed,
                }),
              })
              preview.reset()
              setFile(null)
            },
            onError: refused,
          },
        ),
    })
  }
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t(`${N}.importTitle`)}
      </Title>
      <Text size="sm" c="gray.7">
        {t(`${N}.format`)} <Code>BIN;Network;Type;Category;Issuer</Code>
      </Text>
      {failure !== null && (
        <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
          {describeError(failure, t)}
        </Alert>
      )}
      <Group align="flex-end" gap="sm" wrap="wrap">
        <FileInput
          label={t(`${N}.file`)}
          placeholder={t(`${N}.filePlaceholder`)}
          accept=".csv,.txt,text/csv,text/plain"
          value={file}
          error={fileError}
          onChange={(next) => {
            setFile(next)
            reset()
          }}
          clearable
          w={{ base: '100%', sm: 320 }}
          data-testid="bin-file"
        />
        <Button
          variant="light"
          onClick={runPreview}
          loading={preview.isPending}
          data-testid="bin-preview-button"
        >
          {t(`${N}.preview`)}
        </Button>
      </Group>
      <Checkbox
        label={t(`${N}.replace`)}
        description={t(`${N}.replaceHint`)}
        checked={replace}
        onChange={(event) => {
          setReplace(event.currentTarget.checked)
          reset()
        }}
      />
      {shown && (
        <>
          <PreviewResult preview={shown} />
          <Group>
            <Button onClick={runApply} loading={apply.isPending} data-testid="bin-apply">
              {t(`${N}.apply`)}
            </Button>
            <Button variant="default" onClick={reset}>
              {t('paymentSetup.cancel')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  )
}

/** The BIN list: the table as it is, and a file previewed before it is applied. */
export function BinTab() {
  const { t } = useTranslation()
  const canWrite = useStaffCan('payments:write')
  const summary = useBinSummary()
  if (summary.isError && !summary.data)
    return <LoadError title={t(`${N}.error`)} error={summary.error} onRetry={() => summary.refetch()} />
  if (!summary.data) {
    return (
      <Stack gap="sm" role="status" aria-label={t('paymentSetup.loading')}>
        <Skeleton height={24} width="40%" />
        <Skeleton height={80} />
      </Stack>
    )
  }
  return (
    <Stack gap="xl">
      <Summary summary={summary.data} />
      {canWrite && <Importer />}
    </Stack>
  )
}
