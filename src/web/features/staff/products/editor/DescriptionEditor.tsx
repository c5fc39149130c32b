import { Link, RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap'
import { useEditor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'

/**
 * The description's rich-text editor (Tiptap through Mantine), loaded only when the product editor
 * draws it. Its tools make only what the server's sanitiser keeps (server catalog/description.ts):
 * paragraphs, bold, italic, underline, headings 2–4, lists, quotes, rules and http(s)/mail links;
 * code, code blocks and strike-through are left out. The server sanitises what it stores anyway.
 */
export default function DescriptionEditor({
  initial,
  onChange,
  readOnly,
  labelledBy,
  labels,
}: {
  initial: string
  onChange: (html: string) => void
  readOnly: boolean
  labelledBy: string
  labels: Partial<RichTextEditorLabels>
}) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        code: false,
        codeBlock: false,
        strike: false,
        link: false,
        heading: { levels: [2, 3, 4] },
      }),
      Link.configure({
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        isAllowedUri: (url) => /^(https?:|mailto:)/i.test(url),
      }),
    ],
    content: initial,
    editable: !readOnly,
    // Drawn in the browser only (DescriptionSection waits for the page to be running).
    immediatelyRender: false,
    editorProps: {
      attributes: {
        'aria-labelledby': labelledBy,
        'aria-multiline': 'true',
        role: 'textbox',
        'data-testid': 'product-description',
      },
    },
    // Only a change the person makes is written back: the stored text, as Tiptap would rewrite it on
    // loading, would otherwise read as a change nobody made.
    onUpdate: ({ editor: changed }) => onChange(changed.isEmpty ? '' : changed.getHTML()),
  })
  return (
    <RichTextEditor editor={editor} labels={labels}>
      {!readOnly && (
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.H4 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
            <RichTextEditor.Hr />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
      )}
      <RichTextEditor.Content mih={200} />
    </RichTextEditor>
  )
}
