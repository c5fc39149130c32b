import { Skeleton, Text } from '@mantine/core'
import type { RichTextEditorLabels } from '@mantine/tiptap'
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from '../../../../i18n/use-translation'
import { EditorSection, type SectionProps } from './EditorSection'

const E = 'staffProducts.editor'
const R = `${E}.richText`

// Its own chunk: Tiptap and ProseMirror load with this section, never with another page.
const DescriptionEditor = lazy(() => import('./DescriptionEditor'))

/** The editor's tool names in the reader's language (the rest keep Mantine's English). */
function useLabels(): Partial<RichTextEditorLabels> {
  const { t } = useTranslation()
  return useMemo(
    () => ({
      boldControlLabel: t(`${R}.bold`),
      italicControlLabel: t(`${R}.italic`),
      underlineControlLabel: t(`${R}.underline`),
      clearFormattingControlLabel: t(`${R}.clearFormatting`),
      h2ControlLabel: t(`${R}.h2`),
      h3ControlLabel: t(`${R}.h3`),
      h4ControlLabel: t(`${R}.h4`),
      bulletListControlLabel: t(`${R}.bulletList`),
      orderedListControlLabel: t(`${R}.orderedList`),
      blockquoteControlLabel: t(`${R}.blockquote`),
      hrControlLabel: t(`${R}.hr`),
      linkControlLabel: t(`${R}.link`),
      unlinkControlLabel: t(`${R}.unlink`),
      undoControlLabel: t(`${R}.undo`),
      redoControlLabel: t(`${R}.redo`),
      linkEditorInputLabel: t(`${R}.linkInput`),
      linkEditorInputPlaceholder: 'https://',
      linkEditorExternalLink: t(`${R}.linkExternal`),
      linkEditorInternalLink: t(`${R}.linkInternal`),
      linkEditorSave: t(`${R}.linkSave`),
    }),
    [t],
  )
}

/** The description, in a rich-text editor drawn once the page runs in the browser. */
export function DescriptionSection({ form, readOnly }: SectionProps) {
  const { t } = useTranslation()
  const labels = useLabels()
  // The text the editor starts from: the form's value is the editor's output from then on.
  const initial = useRef(form.getValues().description)
  // Not on the server, nor in the browser's first render that takes the server's HTML over.
  const [running, setRunning] = useState(false)
  useEffect(() => setRunning(true), [])
  const error = form.errors.description
  const placeholder = <Skeleton height={240} aria-hidden="true" />
  return (
    <EditorSection
      title={t(`${E}.sections.description`)}
      hint={t(`${E}.hints.description`)}
      testId="editor-description"
    >
      {(titleId) => (
        <>
          {running ? (
            <Suspense fallback={placeholder}>
              <DescriptionEditor
                initial={initial.current}
                onChange={(html) => form.setFieldValue('description', html)}
                readOnly={readOnly}
                labelledBy={titleId}
                labels={labels}
              />
            </Suspense>
          ) : (
            placeholder
          )}
          {error && (
            <Text size="sm" c="red.8" role="alert">
              {error}
            </Text>
          )}
        </>
      )}
    </EditorSection>
  )
}
