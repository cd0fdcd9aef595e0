import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Bold, Heading1, Heading2, Heading3, Italic, Link2, List, ListOrdered, RemoveFormatting, Underline } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn.ts';

/**
 * The review editor of spec §2: headings 1–3, bold, italic, underline, link, ordered and bullet lists, clear
 * formatting; undo groups changes made within 1 s and keeps 100 steps. It hands HTML to the server, which keeps only
 * its allow-list, so nothing here is trusted. `text` is the words alone, for the 50-character minimum.
 */
export function RichTextEditor({
  id,
  value,
  onChange,
  label,
  describedBy,
}: {
  id: string;
  value: string;
  onChange: (html: string, text: string) => void;
  label: string;
  describedBy?: string;
}) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3] },
        undoRedo: { depth: 100, newGroupDelay: 1000 },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        link: { openOnClick: false, autolink: true, protocols: ['mailto', 'tel'], HTMLAttributes: { rel: 'nofollow ugc noopener' } },
      }),
    ],
    content: value,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        class:
          'prose-review min-h-40 max-h-96 overflow-y-auto rounded-b-xl border border-t-0 border-line-strong bg-surface px-3.5 py-3 text-[15px] text-ink focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent/30',
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML(), current.getText()),
  });

  // The parent resets the form after publishing: clear the editor when the value is emptied from outside.
  useEffect(() => {
    if (editor && value === '' && !editor.isEmpty) editor.commands.clearContent();
  }, [editor, value]);

  return (
    <div>
      <Toolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      h1: current.isActive('heading', { level: 1 }),
      h2: current.isActive('heading', { level: 2 }),
      h3: current.isActive('heading', { level: 3 }),
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      underline: current.isActive('underline'),
      link: current.isActive('link'),
      ordered: current.isActive('orderedList'),
      bullet: current.isActive('bulletList'),
    }),
  });

  const setLink = () => {
    if (state.link) return void editor.chain().focus().unsetLink().run();
    const url = window.prompt(t('editor.linkPrompt'), 'https://');
    if (!url || url === 'https://') return;
    if (!/^(https?:\/\/|mailto:|tel:)/i.test(url.trim())) return void window.alert(t('editor.linkInvalid'));
    editor.chain().focus().extendMarkRange('link').setLink({ href: url.trim() }).run();
  };

  const buttons: { key: string; icon: ReactNode; active: boolean; run: () => void }[] = [
    { key: 'h1', icon: <Heading1 />, active: state.h1, run: () => editor.chain().focus().toggleHeading({ level: 1 }).run() },
    { key: 'h2', icon: <Heading2 />, active: state.h2, run: () => editor.chain().focus().toggleHeading({ level: 2 }).run() },
    { key: 'h3', icon: <Heading3 />, active: state.h3, run: () => editor.chain().focus().toggleHeading({ level: 3 }).run() },
    { key: 'bold', icon: <Bold />, active: state.bold, run: () => editor.chain().focus().toggleBold().run() },
    { key: 'italic', icon: <Italic />, active: state.italic, run: () => editor.chain().focus().toggleItalic().run() },
    { key: 'underline', icon: <Underline />, active: state.underline, run: () => editor.chain().focus().toggleUnderline().run() },
    { key: 'link', icon: <Link2 />, active: state.link, run: setLink },
    { key: 'ordered', icon: <ListOrdered />, active: state.ordered, run: () => editor.chain().focus().toggleOrderedList().run() },
    { key: 'bullet', icon: <List />, active: state.bullet, run: () => editor.chain().focus().toggleBulletList().run() },
    { key: 'clear', icon: <RemoveFormatting />, active: false, run: () => editor.chain().focus().unsetAllMarks().clearNodes().run() },
  ];

  return (
    <div
      role="toolbar"
      aria-label={t('editor.toolbar')}
      className="flex flex-wrap gap-0.5 rounded-t-xl border border-line-strong bg-surface-2 p-1"
    >
      {buttons.map((button) => (
        <button
          key={button.key}
          type="button"
          onMouseDown={(event) => event.preventDefault()}
          onClick={button.run}
          aria-label={t(`editor.${button.key}`)}
          title={t(`editor.${button.key}`)}
          aria-pressed={button.key === 'clear' ? undefined : button.active}
          className={cn(
            'rounded-md p-1.5 text-ink-muted hover:bg-surface-3 hover:text-ink [&_svg]:size-4',
            button.active && 'bg-accent-soft text-ink',
          )}
        >
          {button.icon}
        </button>
      ))}
    </div>
  );
}
