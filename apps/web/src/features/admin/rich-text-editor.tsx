import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Space } from 'antd';

interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  label: string;
}

/**
 * The overview editor: headings, paragraphs, lists, bold, italic, underline and links, the same
 * allow-list the server keeps when it stores the text. Loaded only when the tab is opened.
 */
export default function RichTextEditor({ value, onChange, label }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        link: { openOnClick: false, protocols: ['http', 'https', 'mailto'], defaultProtocol: 'https' },
      }),
    ],
    content: value,
    editorProps: {
      attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true', class: 'rich-text__content' },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e?.isActive('heading', { level: 2 }) ?? false,
      h3: e?.isActive('heading', { level: 3 }) ?? false,
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      underline: e?.isActive('underline') ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
      link: e?.isActive('link') ?? false,
    }),
  });
  if (!editor) return null;

  const setLink = () => {
    const url = window.prompt('Link address (https://…)', editor.getAttributes('link').href ?? 'https://');
    if (url === null) return;
    if (url.trim() === '') editor.chain().focus().unsetLink().run();
    else editor.chain().focus().extendMarkRange('link').setLink({ href: url.trim() }).run();
  };
  const tool = (name: keyof NonNullable<typeof active>, text: string, run: () => void) => (
    <Button size="small" type={active?.[name] ? 'primary' : 'default'} aria-pressed={active?.[name]} onClick={run}>
      {text}
    </Button>
  );

  return (
    <div className="rich-text">
      <Space wrap role="toolbar" aria-label={`${label} formatting`} className="rich-text__toolbar">
        {tool('h2', 'Heading', () => editor.chain().focus().toggleHeading({ level: 2 }).run())}
        {tool('h3', 'Subheading', () => editor.chain().focus().toggleHeading({ level: 3 }).run())}
        {tool('bold', 'Bold', () => editor.chain().focus().toggleBold().run())}
        {tool('italic', 'Italic', () => editor.chain().focus().toggleItalic().run())}
        {tool('underline', 'Underline', () => editor.chain().focus().toggleUnderline().run())}
        {tool('bullet', 'Bullets', () => editor.chain().focus().toggleBulletList().run())}
        {tool('ordered', 'Numbers', () => editor.chain().focus().toggleOrderedList().run())}
        {tool('link', 'Link', setLink)}
      </Space>
      <EditorContent editor={editor} />
    </div>
  );
}
