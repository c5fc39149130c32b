import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  FileInput,
  Group,
  Pagination,
  Progress,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core'
import { type DragEvent, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { type ImportUpload, ROW_STATUS_FILTERS } from '../../../../contracts/imports'
import type { Job } from '../../../../contracts/integration-jobs'
import {
  IMPORT_AREAS,
  type ImportArea,
  type ImportResource,
  importFields,
  importResources,
  mappingProblems,
} from '../../../../domain/import-fields'
import { staffCan } from '../../../../domain/staff-access'
import { AlertIcon } from '../../../components/icons/Icons'
import { LoadError } from '../../../components/LoadError'
import { useTranslation } from '../../../i18n/use-translation'
import { useDates } from '../../../lib/dates'
import { describeError } from '../../../lib/error-message'
import { useSession } from '../../../lib/session-context'
import { StaffLayout } from '../StaffLayout'
import {
  areaOf,
  importBase,
  useImportJob,
  usePreview,
  useRecentImports,
  useStartImport,
  useUploadFile,
} from './imports-api'

const K = 'imports'
const STATUS_COLOR = { created: 'green', updated: 'blue', unchanged: 'gray', rejected: 'red' } as const
const JOB_COLOR = { queued: 'gray', running: 'blue', done: 'green', failed: 'red' } as const

/** The resources the signed-in role may import: those of an area it writes. */
function useImportableResources(): ImportResource[] {
  const { user } = useSession()
  const role = user?.role === 'admin' ? user.staffRole : null
  return importResources.filter((resource) => staffCan(role, `${areaOf(resource)}:write`))
}

function useFieldLabel() {
  const { t } = useTranslation()
  return (field: string) => {
    const plan = /^planPrices\.(\d)$/.exec(field)
    return plan
      ? t(`${K}.field.planPrice`, { n: Number(plan[1]) + 1 })
      : t(`${K}.field.${field}` as 'imports.field.code')
  }
}

/** Seconds as 1:05 (minutes and seconds), or 1:02:05 past an hour. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.round(seconds))
  const hh = Math.floor(s / 3600)
  const mm = Math.floor((s % 3600) / 60)
  const ss = String(s % 60).padStart(2, '0')
  return hh > 0 ? `${hh}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`
}

function FilePicker({ onUploaded }: { onUploaded: (upload: ImportUpload) => void }) {
  const { t } = useTranslation()
  const resources = useImportableResources()
  const [resource, setResource] = useState<ImportResource | null>(resources[0] ?? null)
  const [file, setFile] = useState<File | null>(null)
  const [dragging, setDragging] = useState(false)
  const upload = useUploadFile()
  if (resources.length === 0) return <Alert color="yellow">{t(`${K}.noResource`)}</Alert>
  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    const dropped = event.dataTransfer.files[0]
    if (dropped) setFile(dropped)
  }
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Select
          label={t(`${K}.resource`)}
          data={resources.map((r) => ({ value: r, label: t(`${K}.resources.${r}`) }))}
          value={resource}
          onChange={(value) => setResource(value as ImportResource | null)}
          allowDeselect={false}
          data-testid="import-resource"
          maw={320}
        />
        <Box
          onDragOver={(event) => {
            event.preventDefault()
            setDragging(true)
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          p="md"
          data-testid="import-drop"
          style={{
            border: `2px dashed var(--mantine-color-${dragging ? 'blue-6' : 'gray-5'})`,
            borderRadius: 'var(--mantine-radius-md)',
          }}
        >
          <FileInput
            label={t(`${K}.file`)}
            description={t(`${K}.fileHint`)}
            placeholder={t(`${K}.drop`)}
            // Mantine's placeholder grey (gray.5) is 2:1 on white; the theme's dimmed text is 6:1.
            styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
            accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            value={file}
            onChange={setFile}
            clearable
            data-testid="import-file"
          />
        </Box>
        {upload.isError && (
          <Alert color="red" icon={<AlertIcon />} data-testid="import-upload-error">
            {describeError(upload.error, t)}
          </Alert>
        )}
        <Group>
          <Button
            disabled={!file || !resource}
            loading={upload.isPending}
            onClick={() => upload.mutate({ resource: resource!, file: file! }, { onSuccess: onUploaded })}
            data-testid="import-upload"
          >
            {t(`${K}.upload`)}
          </Button>
        </Group>
      </Stack>
    </Card>
  )
}

function MappingTable({
  upload,
  mapping,
  onChange,
}: {
  upload: ImportUpload
  mapping: (string | null)[]
  onChange: (mapping: (string | null)[]) => void
}) {
  const { t } = useTranslation()
  const label = useFieldLabel()
  const fields = importFields(upload.resource)
  return (
    <Table.ScrollContainer
      minWidth={560}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={t(`${K}.mapping.title`)}
    >
      <Table striped data-testid="import-mapping">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t(`${K}.mapping.column`)}</Table.Th>
            <Table.Th>{t(`${K}.mapping.sample`)}</Table.Th>
            <Table.Th>{t(`${K}.mapping.field`)}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {upload.headers.map((header, column) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a column is its place in the file
            <Table.Tr key={column}>
              <Table.Td fw={600}>{header}</Table.Td>
              <Table.Td>
                <Text size="sm" c="gray.7" lineClamp={2}>
                  {upload.sample
                    .map((row) => row[column] ?? '')
                    .filter((v) => v !== '')
                    .slice(0, 3)
                    .join(' · ')}
                </Text>
              </Table.Td>
              <Table.Td>
                <Select
                  aria-label={`${t(`${K}.mapping.field`)}: ${header}`}
                  data={[
                    { value: '', label: t(`${K}.mapping.skip`) },
                    ...fields.map((f) => ({
                      value: f.field,
                      label: f.required
                        ? `${label(f.field)} (${t(`${K}.mapping.required`)})`
                        : label(f.field),
                      // A field another column fills is not offered twice.
                      disabled: mapping.includes(f.field) && mapping[column] !== f.field,
                    })),
                  ]}
                  value={mapping[column] ?? ''}
                  onChange={(value) => onChange(mapping.map((m, i) => (i === column ? value || null : m)))}
                  allowDeselect={false}
                  searchable
                  data-testid={`import-map-${column}`}
                  miw={200}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

function PreviewPanel({
  upload,
  mapping,
  onStarted,
}: {
  upload: ImportUpload
  mapping: (string | null)[]
  onStarted: (jobId: number) => void
}) {
  const { t } = useTranslation()
  const [page, setPage] = useState(1)
  const [status, setStatus] = useState<(typeof ROW_STATUS_FILTERS)[number]>('all')
  const preview = usePreview(upload, { mapping, page, pageSize: 25, status })
  const start = useStartImport()
  const data = preview.data
  if (preview.isError)
    return (
      <LoadError title={t(`${K}.preview.error`)} error={preview.error} onRetry={() => preview.refetch()} />
    )
  if (!data) return <Text size="sm">{t(`${K}.preview.loading`)}</Text>
  const pages = Math.max(1, Math.ceil(data.matching / data.pageSize))
  return (
    <Stack gap="sm" data-testid="import-preview">
      <Title order={3} size="h4">
        {t(`${K}.preview.title`)}
      </Title>
      <Text size="sm">{t(`${K}.preview.note`)}</Text>
      {data.previewed < data.rowCount && (
        <Alert color="yellow">
          {t(`${K}.preview.capped`, { previewed: data.previewed, rowCount: data.rowCount })}
        </Alert>
      )}
      <Group gap="xs" data-testid="import-counts">
        {(['created', 'updated', 'unchanged', 'rejected'] as const).map((s) => (
          <Badge
            key={s}
            color={STATUS_COLOR[s]}
            variant="light"
            tt="none"
            size="lg"
            data-testid={`import-count-${s}`}
          >
            {t(`${K}.status.${s}`)}: {data.counts[s]}
          </Badge>
        ))}
      </Group>
      <SegmentedControl
        aria-label={t(`${K}.preview.status`)}
        data={ROW_STATUS_FILTERS.map((s) => ({
          value: s,
          label: s === 'all' ? t(`${K}.preview.all`) : t(`${K}.status.${s}`),
        }))}
        value={status}
        onChange={(value) => {
          setStatus(value as typeof status)
          setPage(1)
        }}
        style={{ alignSelf: 'flex-start', maxWidth: '100%', overflowX: 'auto' }}
      />
      <Table.ScrollContainer
        minWidth={520}
        type="native"
        tabIndex={0}
        role="region"
        aria-label={t(`${K}.preview.title`)}
      >
        <Table striped data-testid="import-preview-rows">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t(`${K}.preview.row`)}</Table.Th>
              <Table.Th>{t(`${K}.preview.code`)}</Table.Th>
              <Table.Th>{t(`${K}.preview.status`)}</Table.Th>
              <Table.Th>{t(`${K}.preview.reasons`)}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={4}>{t(`${K}.preview.empty`)}</Table.Td>
              </Table.Tr>
            )}
            {data.rows.map((row) => (
              <Table.Tr key={row.row}>
                <Table.Td>{row.row}</Table.Td>
                <Table.Td>{row.code}</Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLOR[row.status]} variant="light" tt="none">
                    {t(`${K}.status.${row.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{row.reasons.join(' ')}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} size="sm" />}
      {start.isError && (
        <Alert color="red" icon={<AlertIcon />}>
          {describeError(start.error, t)}
        </Alert>
      )}
      <Group>
        <Button
          onClick={() =>
            start.mutate({ upload, mapping }, { onSuccess: (answer) => onStarted(answer.jobId) })
          }
          loading={start.isPending}
          disabled={preview.isFetching}
          data-testid="import-start"
        >
          {t(`${K}.start`)}
        </Button>
      </Group>
    </Stack>
  )
}

function ImportWizard({ onStarted }: { onStarted: (area: ImportArea, jobId: number) => void }) {
  const { t } = useTranslation()
  const label = useFieldLabel()
  const [upload, setUpload] = useState<ImportUpload | null>(null)
  const [mapping, setMapping] = useState<(string | null)[]>([])
  const [previewed, setPreviewed] = useState<(string | null)[] | null>(null)
  const missing = useMemo(
    () => (upload ? mappingProblems(upload.resource, mapping, upload.headers.length).missing : []),
    [upload, mapping],
  )
  if (!upload)
    return (
      <FilePicker
        onUploaded={(answer) => {
          setUpload(answer)
          setMapping(answer.mapping)
          setPreviewed(null)
        }}
      />
    )
  return (
    <Stack gap="md">
      <Card withBorder>
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} size="h4">
              {t(`${K}.mapping.title`)}
            </Title>
            <Text size="sm" c="gray.7">
              {upload.fileName} · {t(`${K}.resources.${upload.resource}`)} ·{' '}
              {t(`${K}.mapping.rows`, { count: upload.rowCount })}
            </Text>
          </Group>
          <Text size="sm" data-testid="import-mapping-origin">
            {t(upload.remembered ? `${K}.mapping.remembered` : `${K}.mapping.suggested`)}
          </Text>
          <MappingTable
            upload={upload}
            mapping={mapping}
            onChange={(next) => {
              setMapping(next)
              setPreviewed(null)
            }}
          />
          {missing.length > 0 && (
            <Alert color="yellow" icon={<AlertIcon />} data-testid="import-missing">
              {t(`${K}.mapping.missing`, { fields: missing.map(label).join(', ') })}
            </Alert>
          )}
          <Group>
            <Button
              disabled={missing.length > 0}
              onClick={() => setPreviewed(mapping)}
              variant={previewed ? 'default' : 'filled'}
              data-testid="import-preview-open"
            >
              {t(`${K}.mapping.preview`)}
            </Button>
            <Button variant="subtle" onClick={() => setUpload(null)}>
              {t(`${K}.job.again`)}
            </Button>
          </Group>
        </Stack>
      </Card>
      {previewed && (
        <Card withBorder>
          <PreviewPanel
            upload={upload}
            mapping={previewed}
            onStarted={(jobId) => onStarted(areaOf(upload.resource), jobId)}
          />
        </Card>
      )}
    </Stack>
  )
}

function JobPanel({ area, id, onAgain }: { area: ImportArea; id: number; onAgain: () => void }) {
  const { t } = useTranslation()
  const job = useImportJob(area, id)
  if (job.isError)
    return <LoadError title={t(`${K}.job.error`)} error={job.error} onRetry={() => job.refetch()} />
  const data = job.data
  if (!data) return <Text size="sm">{t(`${K}.job.loading`)}</Text>
  const percent =
    data.total > 0 ? Math.round((data.done / data.total) * 100) : data.status === 'done' ? 100 : 0
  return (
    <Card withBorder data-testid="import-job">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t(`${K}.job.title`)}: {data.fileName ?? t(`${K}.resources.${data.resource}`)}
          </Title>
          <Badge color={JOB_COLOR[data.status]} variant="light" tt="none" data-testid="import-job-status">
            {t(`${K}.job.${data.status}`)}
          </Badge>
        </Group>
        <Progress
          value={percent}
          size="xl"
          animated={data.status === 'running'}
          aria-label={t(`${K}.job.progressLabel`)}
          data-testid="import-progress"
        />
        <Group gap="lg">
          <Text size="sm" data-testid="import-job-rows">
            {t(`${K}.job.rows`, { done: data.done, total: data.total })}
          </Text>
          {data.rowsPerSecond !== null && (
            <Text size="sm">{t(`${K}.job.rate`, { rate: Math.round(data.rowsPerSecond) })}</Text>
          )}
          {data.secondsLeft !== null && data.status !== 'done' && (
            <Text size="sm">{t(`${K}.job.left`, { time: clock(data.secondsLeft) })}</Text>
          )}
        </Group>
        <Text size="sm" data-testid="import-job-counts">
          {t(`${K}.job.counts`, data.counts)}
        </Text>
        {data.error && (
          <Alert color="red" icon={<AlertIcon />}>
            {data.error}
          </Alert>
        )}
        <Group>
          {data.counts.rejected > 0 && (
            <Anchor
              href={`${importBase(area)}/jobs/${id}/rejected`}
              download
              data-testid="import-rejected-file"
            >
              {t(`${K}.job.rejectedFile`)}
            </Anchor>
          )}
          <Button variant="default" onClick={onAgain} data-testid="import-again">
            {t(`${K}.job.again`)}
          </Button>
        </Group>
      </Stack>
    </Card>
  )
}

function RecentImports({ area, onOpen }: { area: ImportArea; onOpen: (job: Job) => void }) {
  const { t } = useTranslation()
  const dates = useDates()
  const list = useRecentImports(area, true)
  if (list.isError)
    return <LoadError title={t(`${K}.recent.error`)} error={list.error} onRetry={() => list.refetch()} />
  const items = list.data?.items ?? []
  return (
    <Table.ScrollContainer
      minWidth={640}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={`${t(`${K}.recent.title`)}: ${t(`${K}.recent.areas.${area}`)}`}
    >
      <Table striped captionSide="top" data-testid={`import-recent-${area}`}>
        {/* Each team's imports under its own name: a role may see two or three of these lists. */}
        <Table.Caption ta="left" fw={600} c="var(--mantine-color-text)">
          {t(`${K}.recent.areas.${area}`)}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t(`${K}.recent.file`)}</Table.Th>
            <Table.Th>{t(`${K}.recent.resource`)}</Table.Th>
            <Table.Th>{t(`${K}.recent.when`)}</Table.Th>
            <Table.Th>{t(`${K}.recent.status`)}</Table.Th>
            <Table.Th>{t(`${K}.recent.result`)}</Table.Th>
            <Table.Th>
              <span className="sr-only">{t(`${K}.recent.open`)}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {!list.data && (
            <Table.Tr>
              <Table.Td colSpan={6}>{t(`${K}.job.loading`)}</Table.Td>
            </Table.Tr>
          )}
          {list.data && items.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={6}>{t(`${K}.recent.empty`)}</Table.Td>
            </Table.Tr>
          )}
          {items.map((job) => (
            <Table.Tr key={job.id}>
              <Table.Td>{job.fileName ?? '—'}</Table.Td>
              <Table.Td>{t(`${K}.resources.${job.resource}`)}</Table.Td>
              <Table.Td>{dates.dateTime(job.createdAt)}</Table.Td>
              <Table.Td>
                <Badge color={JOB_COLOR[job.status]} variant="light" tt="none">
                  {t(`${K}.job.${job.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{t(`${K}.job.counts`, job.counts)}</Text>
              </Table.Td>
              <Table.Td>
                <Button size="xs" variant="subtle" onClick={() => onOpen(job)}>
                  {t(`${K}.recent.open`)}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

const isArea = (value: string | null): value is ImportArea =>
  value !== null && (IMPORT_AREAS as readonly string[]).includes(value)

/**
 * /yonetim/iceri-aktar — spreadsheet imports: a resource and a file, the columns mapped to fields
 * (remembered per file layout), a dry run row by row, then the import as a job whose progress the
 * page follows; the job's id is in the address (`?is=12&alan=catalogue`), so a reload finds it again.
 */
export function ImportPage() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const { user } = useSession()
  const role = user?.role === 'admin' ? user.staffRole : null
  const jobId = Number(params.get('is')) || null
  const jobArea = params.get('alan')
  const areas = IMPORT_AREAS.filter(
    (area) => staffCan(role, `${area}:read`) && importResources.some((r) => areaOf(r) === area),
  )
  const open = (area: ImportArea, id: number) => setParams({ is: String(id), alan: area })
  return (
    <StaffLayout title={t(`${K}.title`)} description={t(`${K}.description`)}>
      <Stack gap="lg">
        {jobId !== null && isArea(jobArea) ? (
          <JobPanel area={jobArea} id={jobId} onAgain={() => setParams({})} />
        ) : (
          <ImportWizard onStarted={open} />
        )}
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t(`${K}.recent.title`)}
          </Title>
          {areas.map((area) => (
            <RecentImports key={area} area={area} onOpen={(job) => open(area, job.id)} />
          ))}
        </Stack>
      </Stack>
    </StaffLayout>
  )
}
