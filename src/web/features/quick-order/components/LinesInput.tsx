import { Alert, FileInput, Group, Loader, Progress, Stack, Text, Textarea } from '@mantine/core'
import IconFileSpreadsheet from '@tabler/icons-react/dist/esm/icons/IconFileSpreadsheet.mjs'
import { type KeyboardEvent, type Ref, useState } from 'react'
import { QUICK_ORDER_MAX_FILE_BYTES } from '../../../../contracts/quick-order'
import { BusyButton } from '../../../components/BusyButton'
import { AlertIcon, decorative } from '../../../components/icons/Icons'
import { useTranslation } from '../../../i18n/use-translation'
import { describeError } from '../../../lib/error-message'
import { useSession } from '../../../lib/session-context'

const FileIcon = decorative(IconFileSpreadsheet)

const ACCEPT = '.xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** The lines of a text that hold something, as the preview counts them (for the busy text). */
const filledLines = (text: string) => text.split(/\r\n?|\n/).filter((l) => l.trim() !== '').length

export interface LinesInputProps {
  text: string
  onText: (text: string) => void
  onPreviewText: () => void
  onPreviewFile: (file: File) => void
  /** What the running preview reads: the text's lines or a file; null when none runs. */
  busy: 'text' | 'file' | null
  /** How much of the file has gone up (0–1). */
  uploaded: number | null
  /** The last preview's failure (its message is the server's). */
  error: unknown
  textareaRef?: Ref<HTMLTextAreaElement>
  /** A preview is shown below: the text takes less room. */
  compact?: boolean
}

/**
 * The pasted lines and a file to read instead, with the preview's button (Ctrl+Enter or ⌘+Enter in
 * the text too). While the preview runs it says what it reads; a failure says why and leaves the text
 * as it was.
 */
export function LinesInput({
  text,
  onText,
  onPreviewText,
  onPreviewFile,
  busy,
  uploaded,
  error,
  textareaRef,
  compact = false,
}: LinesInputProps) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const [file, setFile] = useState<File | null>(null)
  const [problem, setProblem] = useState<string | null>(null)

  const previewText = () => {
    if (busy) return
    if (text.trim() === '') {
      setProblem(t('quickOrder.input.empty'))
      return
    }
    setProblem(null)
    onPreviewText()
  }
  const chooseFile = (chosen: File | null) => {
    setFile(chosen)
    setProblem(null)
    if (!chosen) return
    if (chosen.size > QUICK_ORDER_MAX_FILE_BYTES) {
      setProblem(t('quickOrder.input.fileTooLarge'))
      return
    }
    onPreviewFile(chosen)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault()
      previewText()
    }
  }
  const count = filledLines(text).toLocaleString(locale === 'en' ? 'en-US' : 'tr-TR')

  return (
    <Stack gap="sm">
      <Textarea
        ref={textareaRef}
        label={t('quickOrder.input.label')}
        description={t('quickOrder.input.hint')}
        placeholder={t('quickOrder.input.placeholder')}
        rows={compact ? 4 : 10}
        resize="vertical"
        value={text}
        onChange={(event) => {
          onText(event.currentTarget.value)
          if (problem) setProblem(null)
        }}
        onKeyDown={onKeyDown}
        error={problem === t('quickOrder.input.empty') ? problem : undefined}
        spellCheck={false}
        autoComplete="off"
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 14 } }}
        data-testid="quick-order-text"
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <BusyButton
          busy={busy === 'text'}
          inactive={busy === 'file'}
          onClick={previewText}
          data-testid="quick-order-preview"
        >
          {t('quickOrder.input.preview')}
        </BusyButton>
        <FileInput
          label={t('quickOrder.input.file')}
          description={t('quickOrder.input.fileHint')}
          placeholder={t('quickOrder.input.filePlaceholder')}
          // Mantine's placeholder grey (gray.5) is 2:1 on white; the theme's dimmed text is 6:1.
          styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
          leftSection={<FileIcon size={18} />}
          accept={ACCEPT}
          value={file}
          onChange={chooseFile}
          clearable
          disabled={busy !== null}
          miw={220}
          style={{ flex: '1 1 220px', maxWidth: 360 }}
          data-testid="quick-order-file"
        />
      </Group>
      {busy && (
        <Stack gap={4} role="status" data-testid="quick-order-busy">
          <Group gap="xs">
            <Loader size="xs" aria-hidden="true" />
            <Text size="sm">
              {busy === 'text'
                ? t('quickOrder.input.previewing', { count: filledLines(text), n: count })
                : uploaded !== null && uploaded < 1
                  ? t('quickOrder.input.uploading', { percent: Math.round(uploaded * 100) })
                  : t('quickOrder.input.previewingFile')}
            </Text>
          </Group>
          <Progress
            value={busy === 'file' && uploaded !== null && uploaded < 1 ? uploaded * 100 : 100}
            striped
            animated
            size="sm"
            aria-label={t('quickOrder.input.progress')}
          />
        </Stack>
      )}
      {problem && problem !== t('quickOrder.input.empty') && (
        <Alert color="red" icon={<AlertIcon />} role="alert" data-testid="quick-order-file-problem">
          {problem}
        </Alert>
      )}
      {error !== null && error !== undefined && !busy && (
        <Alert
          color="red"
          icon={<AlertIcon />}
          title={t('quickOrder.input.failed')}
          role="alert"
          data-testid="quick-order-preview-error"
        >
          {describeError(error, t)}
        </Alert>
      )}
    </Stack>
  )
}
