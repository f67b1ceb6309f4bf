import { isSafeRichTextAttribute } from '@khela/contract/rich-text';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The rich-text editor of operator HTML (Tiptap), loaded as a chunk of its own when a form with
 * an HTML field opens, so the back office's first screen never carries it. It writes only the
 * markup its schema knows — paragraphs, headings, bold, italic, lists, links — which the
 * contract's RICH_TEXT_POLICY allows; the server sanitises again on save (decision 0025), so the
 * "HTML" view, where anything can be typed, is no way around it.
 */

/** Links the policy keeps: http(s), site paths, mail and phone links, anchors. */
const safeLink = (url: string) => isSafeRichTextAttribute('href', url);

const extensions = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    code: false,
    codeBlock: false,
    horizontalRule: false,
    link: { openOnClick: false, autolink: true, defaultProtocol: 'https', isAllowedUri: (url) => safeLink(url) },
  }),
];

type Props = {
  id: string;
  value: string;
  onChange: (html: string) => void;
  /** The field's label, for the editing area's accessible name. */
  label: string;
  invalid?: boolean;
  describedBy?: string;
};

/** Tiptap's empty document, which the field stores as no text at all. */
const EMPTY = '<p></p>';

export function RichTextEditor({ id, value, onChange, label, invalid, describedBy }: Props) {
  const { t } = useTranslation();
  const [source, setSource] = useState(false);
  const editor = useEditor({
    extensions,
    content: value,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        class: 'rte-area',
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = e.getHTML();
      onChange(html === EMPTY ? '' : html);
    },
    immediatelyRender: true,
    // The office's CSP allows no inline <style>: the editor's few rules are in content.css.
    injectCSS: false,
  });
  // A value changed from outside (another language's tab reset, a reload after a stale save).
  useEffect(() => {
    // A destroyed editor (React remounting the field) has no schema to read: the new one takes over.
    if (!editor || editor.isDestroyed || source) return;
    const current = editor.getHTML();
    if (value !== current && !(value === '' && current === EMPTY))
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value, source]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      h2: e?.isActive('heading', { level: 2 }) ?? false,
      h3: e?.isActive('heading', { level: 3 }) ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
      link: e?.isActive('link') ?? false,
    }),
  });
  const sourceId = useId();

  if (!editor) return null;
  const chain = () => editor.chain().focus();
  const setLink = () => {
    const previous = (editor.getAttributes('link').href as string | undefined) ?? '';
    const url = window.prompt(t('content.editor.linkPrompt'), previous);
    if (url === null) return;
    if (url.trim() === '') chain().extendMarkRange('link').unsetLink().run();
    else if (safeLink(url.trim())) chain().extendMarkRange('link').setLink({ href: url.trim() }).run();
    else window.alert(t('content.editor.linkRefused'));
  };
  const tool = (name: string, active: boolean, run: () => void, text: string) => (
    <button
      key={name}
      type="button"
      className={`rte-tool${active ? ' rte-tool-on' : ''}`}
      aria-pressed={active}
      title={t(`content.editor.${name}`)}
      aria-label={t(`content.editor.${name}`)}
      onClick={run}
      disabled={source}
    >
      {text}
    </button>
  );

  return (
    <div className={`rte${invalid ? ' rte-invalid' : ''}`}>
      <div className="rte-toolbar" role="toolbar" aria-label={t('content.editor.toolbar')}>
        {tool('bold', state?.bold ?? false, () => chain().toggleBold().run(), 'B')}
        {tool('italic', state?.italic ?? false, () => chain().toggleItalic().run(), 'I')}
        {tool('heading2', state?.h2 ?? false, () => chain().toggleHeading({ level: 2 }).run(), 'H2')}
        {tool('heading3', state?.h3 ?? false, () => chain().toggleHeading({ level: 3 }).run(), 'H3')}
        {tool('bulletList', state?.bullet ?? false, () => chain().toggleBulletList().run(), '•')}
        {tool('orderedList', state?.ordered ?? false, () => chain().toggleOrderedList().run(), '1.')}
        {tool('link', state?.link ?? false, setLink, t('content.editor.link'))}
        <span className="rte-spacer" />
        <button
          type="button"
          className={`rte-tool rte-source${source ? ' rte-tool-on' : ''}`}
          aria-pressed={source}
          aria-controls={sourceId}
          onClick={() => {
            // Back from the HTML view: the editor reads it (dropping what it cannot show).
            if (source && !editor.isDestroyed) editor.commands.setContent(value, { emitUpdate: false });
            setSource(!source);
          }}
        >
          {t('content.editor.html')}
        </button>
      </div>
      {source ? (
        <textarea
          id={sourceId}
          className="rte-source-area"
          aria-label={`${label} — ${t('content.editor.html')}`}
          value={value}
          spellCheck={false}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <EditorContent editor={editor} />
      )}
    </div>
  );
}

/** Operator HTML as the player will read it: shown through the editor's schema, never as raw HTML. */
export function RichTextPreview({ html, label }: { html: string; label: string }) {
  const editor = useEditor({ extensions, content: html, editable: false, immediatelyRender: true, injectCSS: false });
  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.commands.setContent(html, { emitUpdate: false });
  }, [editor, html]);
  return (
    <section className="rte-preview" aria-label={label}>
      <EditorContent editor={editor} />
    </section>
  );
}
