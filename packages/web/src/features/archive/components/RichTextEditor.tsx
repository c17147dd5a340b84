import { ActionIcon, Button, Group, Popover, Stack, TextInput, Tooltip } from '@mantine/core';
import StarterKit from '@tiptap/starter-kit';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { icon } from '@/shared/ui/icons';

export interface RichTextEditorProps {
  /** Initial HTML; later changes of this prop are not pushed into the editor. */
  value: string;
  onChange: (html: string) => void;
  /** Id of the visible label element. */
  labelId: string;
  lang?: string;
  dir?: 'rtl' | 'ltr';
  invalid?: boolean;
}

/** The toolbar's drawn glyphs (the others are letters of the interface language). */
const ICONS = {
  bulletList: icon('M9 6h11M9 12h11M9 18h11M4 6h.01M4 12h.01M4 18h.01'),
  orderedList: icon(
    'M10 6h10M10 12h10M10 18h10M4 4v4M3 8h2M3 14a1 1 0 012 0c0 1-2 2-2 2h2M3 19h2v2H3',
  ),
  link: icon('M10 14a4 4 0 006 0l3-3a4 4 0 00-6-6l-1 1M14 10a4 4 0 00-6 0l-3 3a4 4 0 006 6l1-1'),
  blockquote: icon('M7 7H4v5h3l-1 4M17 7h-3v5h3l-1 4'),
  undo: icon('M9 14L4 9l5-5M4 9h11a5 5 0 010 10h-3'),
  redo: icon('M15 14l5-5-5-5M20 9H9a5 5 0 000 10h3'),
};
const glyph = (name: keyof typeof ICONS) => {
  const Glyph = ICONS[name];
  return <Glyph size={16} />;
};
const HEADING_GLYPH = { fontSize: 12, fontWeight: 700 };

type Chain = ReturnType<Editor['chain']>;
/** A toolbar button: its words are `editor.<name>`, its action a command on the editor. */
interface Tool {
  name: string;
  /** Whether the selection has it; none for undo and redo, which are not toggles. */
  active?: boolean;
  disabled?: boolean;
  run: (chain: Chain) => Chain;
  glyph: ReactNode;
}
const tool = (
  name: string,
  active: boolean | undefined,
  run: Tool['run'],
  glyph: ReactNode,
): Tool => ({
  name,
  active,
  run,
  glyph,
});

function ToolButton(props: {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={props.label} openDelay={400}>
      <ActionIcon
        variant={props.active ? 'light' : 'subtle'}
        color={props.active ? undefined : 'gray'}
        size="md"
        aria-label={props.label}
        aria-pressed={props.active}
        disabled={props.disabled}
        onClick={props.onClick}
        onMouseDown={(event) => event.preventDefault()}
      >
        {props.children}
      </ActionIcon>
    </Tooltip>
  );
}

function LinkButton({ editor, active }: { editor: Editor; active: boolean }) {
  const { t } = useTranslation('archive');
  const [opened, setOpened] = useState(false);
  const [href, setHref] = useState('');
  const apply = () => {
    const url = href.trim();
    const chain = editor.chain().focus().extendMarkRange('link');
    if (url) chain.setLink({ href: /^[a-z]+:|^\//i.test(url) ? url : `https://${url}` }).run();
    else chain.unsetLink().run();
    setOpened(false);
  };
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus position="bottom" withArrow shadow="md">
      <Popover.Target>
        <ActionIcon
          variant={active ? 'light' : 'subtle'}
          color={active ? undefined : 'gray'}
          size="md"
          aria-label={t('editor.link')}
          aria-pressed={active}
          aria-haspopup="dialog"
          aria-expanded={opened}
          onClick={() => {
            setHref((editor.getAttributes('link').href as string | undefined) ?? '');
            setOpened((o) => !o);
          }}
        >
          {glyph('link')}
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <TextInput
            label={t('editor.linkUrl')}
            placeholder="https://"
            value={href}
            onChange={(event) => setHref(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                apply();
              }
            }}
            data-autofocus
          />
          <Group gap="xs" justify="flex-end">
            {active ? (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={() => {
                  setHref('');
                  editor.chain().focus().extendMarkRange('link').unsetLink().run();
                  setOpened(false);
                }}
              >
                {t('editor.unlink')}
              </Button>
            ) : null}
            <Button size="xs" onClick={apply}>
              {t('editor.applyLink')}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** Tiptap rich text for an item's content, with a small toolbar (bold to undo/redo). */
export default function RichTextEditor({
  value,
  onChange,
  labelId,
  lang,
  dir,
  invalid,
}: RichTextEditorProps) {
  const { t } = useTranslation('archive');
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
      }),
    ],
    content: value,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(lang ? { lang } : {}),
        dir: dir ?? 'ltr',
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const run = (fn: Tool['run']) => () => {
    fn(editor.chain().focus()).run();
  };

  const heading = (level: 2 | 3) => (
    <span aria-hidden="true" style={HEADING_GLYPH}>
      {t(`editor.heading${level}Glyph`)}
    </span>
  );
  const italic = (
    <em aria-hidden="true" style={{ fontFamily: 'serif', fontWeight: 700 }}>
      {t('editor.italicGlyph')}
    </em>
  );
  const tools: (Tool | 'link')[] = [
    tool(
      'bold',
      state.bold,
      (c) => c.toggleBold(),
      <strong aria-hidden="true">{t('editor.boldGlyph')}</strong>,
    ),
    tool('italic', state.italic, (c) => c.toggleItalic(), italic),
    tool('heading2', state.h2, (c) => c.toggleHeading({ level: 2 }), heading(2)),
    tool('heading3', state.h3, (c) => c.toggleHeading({ level: 3 }), heading(3)),
    tool('bulletList', state.bulletList, (c) => c.toggleBulletList(), glyph('bulletList')),
    tool('orderedList', state.orderedList, (c) => c.toggleOrderedList(), glyph('orderedList')),
    'link',
    tool('blockquote', state.blockquote, (c) => c.toggleBlockquote(), glyph('blockquote')),
    { ...tool('undo', undefined, (c) => c.undo(), glyph('undo')), disabled: !state.canUndo },
    { ...tool('redo', undefined, (c) => c.redo(), glyph('redo')), disabled: !state.canRedo },
  ];

  return (
    <div className="kf-editor" data-error={invalid || undefined}>
      <Group gap={2} className="kf-editor-toolbar" role="toolbar" aria-label={t('editor.toolbar')}>
        {tools.map((tool) =>
          tool === 'link' ? (
            <LinkButton key="link" editor={editor} active={state.link} />
          ) : (
            <ToolButton
              key={tool.name}
              label={t(`editor.${tool.name}`)}
              active={tool.active}
              disabled={tool.disabled}
              onClick={run(tool.run)}
            >
              {tool.glyph}
            </ToolButton>
          ),
        )}
      </Group>
      <EditorContent editor={editor} />
    </div>
  );
}
