import { ArrowDown, ArrowUp, Ellipsis, Plus, RefreshCw, Trash2, Undo2 } from 'lucide-react';
import { useCallback, useId, useRef, useState } from 'react';
import {
  ADDABLE_BLOCK_KINDS,
  type AddableBlockKind,
  editUnits,
  type UpdateDraft,
} from '#contract/studio-draft-edits.ts';
import { type BlockKind, type Draft, type DraftBlock, slideFitProblem } from '#contract/studio-drafts.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Textarea } from '#web/components/ui/input.tsx';
import { ECHO_SUGGESTION } from './draft-blocks.tsx';

/**
 * The draft's editor: one text field per part of the draft (a paragraph of a post, a post of a
 * thread, a slide, a heading; `editUnits`), growing with its text. Each part's actions (move up or
 * down, delete, add one below, regenerate it or one of its sentences) fold into one small menu beside
 * it; Alt+Up and Alt+Down move the part being typed in. 'Undo' takes back the last change (a move,
 * a deletion, an addition, or the typing in one part), and each change is said to screen readers.
 * Saving sends a paragraph as one text (the server splits it into sentences again, keeping each
 * sentence's sources where its words still match), other parts by block, and, when parts were
 * added, deleted or moved, their new order.
 */

export interface EditState {
  /** Parts in their order, by key: a part's first block id, or `new-N` for one added here. */
  order: string[];
  /** Texts typed, by part key (a part not here keeps the draft's text). */
  texts: Record<string, string>;
  added: Record<string, AddableBlockKind>;
}

export const KIND_WORDS: Record<BlockKind, string> = {
  title: 'title',
  meta: 'meta description',
  keywords: 'keywords',
  heading: 'heading',
  sentence: 'sentence',
  quote: 'quote',
  hook: 'hook',
  cta: 'call to action',
  post: 'post',
  slide: 'slide',
  clip: 'clip',
};

const isAddable = (kind: BlockKind): kind is AddableBlockKind =>
  (ADDABLE_BLOCK_KINDS as readonly string[]).includes(kind);

/** The draft's parts by key (their first block's id), each with its blocks. */
const partsOf = (draft: Draft): Map<string, DraftBlock[]> =>
  new Map(editUnits(draft.blocks).map((unit) => [unit[0]!.id, unit]));

/** A paragraph of sentences is one text, its sentences joined as a reader reads them. */
const joined = (blocks: readonly DraftBlock[]) => blocks.map((b) => b.text).join(' ');

export const startEditing = (draft: Draft): EditState => ({
  order: [...partsOf(draft).keys()],
  texts: {},
  added: {},
});

/**
 * What PUT /drafts/{id} gets for this editor state: a changed paragraph as one text, another
 * changed part by its block, added parts with their kind, and the order (of blocks) only when
 * parts changed place or number.
 */
export function savePayload(draft: Draft, state: EditState, learn: boolean): UpdateDraft {
  const parts = partsOf(draft);
  const kept = new Set(state.order);
  const blocks: UpdateDraft['blocks'] = [];
  const paragraphs: NonNullable<UpdateDraft['paragraphs']> = [];
  for (const [key, text] of Object.entries(state.texts)) {
    const part = parts.get(key);
    if (!kept.has(key) || !part || text === joined(part)) continue;
    if (part[0]!.kind === 'sentence') paragraphs.push({ ids: part.map((b) => b.id), text });
    else blocks.push({ id: key, text });
  }
  for (const key of state.order)
    if (key in state.added) blocks.push({ id: key, text: state.texts[key] ?? '', kind: state.added[key] });
  const order = state.order.flatMap((key) => parts.get(key)?.map((b) => b.id) ?? [key]);
  const arranged = order.join('\n') !== draft.blocks.map((b) => b.id).join('\n');
  return {
    blocks,
    learn,
    ...(paragraphs.length ? { paragraphs } : {}),
    ...(arranged ? { order } : {}),
  };
}

/** The editor's state with its undo history. */
export function useBlockEditor() {
  const [state, setState] = useState<EditState | null>(null);
  const [history, setHistory] = useState<EditState[]>([]);
  const [said, setSaid] = useState('');
  /** The part being typed in: typing on in one part is one step of undo. */
  const typing = useRef<string | null>(null);
  const nextId = useRef(1);

  const begin = useCallback((draft: Draft) => {
    setState(startEditing(draft));
    setHistory([]);
    setSaid('');
    typing.current = null;
  }, []);
  const end = useCallback(() => {
    setState(null);
    setHistory([]);
    typing.current = null;
  }, []);
  /** A change that undo can take back; `message` is said to screen readers. */
  const change = (next: (s: EditState) => EditState, message: string, typingIn: string | null = null) => {
    if (!state) return;
    if (typingIn === null || typing.current !== typingIn) setHistory((h) => [...h.slice(-49), state]);
    typing.current = typingIn;
    setState(next(state));
    if (message) setSaid(message);
  };
  const undo = () => {
    const previous = history.at(-1);
    if (!previous) return;
    setHistory((h) => h.slice(0, -1));
    setState(previous);
    typing.current = null;
    setSaid('Undone.');
  };
  /** A part Echo regenerated (or one of its sentences): its typed text goes, the draft's new text shows (no undo step). */
  const forget = (key: string) =>
    setState((s) => {
      if (!s) return s;
      const { [key]: _dropped, ...texts } = s.texts;
      return { ...s, texts };
    });
  const newId = () => `new-${nextId.current++}`;
  return { state, canUndo: history.length > 0, said, begin, end, change, undo, forget, newId };
}

export type BlockEditorApi = ReturnType<typeof useBlockEditor>;

interface Part {
  key: string;
  kind: BlockKind;
  text: string;
  /** The draft's blocks it holds (none for a part added here). */
  blocks: DraftBlock[];
  paragraph: boolean;
}

export function BlockEditor({
  draft,
  editor,
  regenerating,
  onRegenerate,
  onActive,
}: {
  draft: Draft;
  editor: BlockEditorApi;
  regenerating: boolean;
  /** Regenerate one block (`part`: the part it belongs to, whose typed text then goes). */
  onRegenerate: (blockId: string, part: string) => void;
  onActive: (id: string) => void;
}) {
  const hintId = useId();
  const list = useRef<HTMLOListElement>(null);
  /** The part whose actions are open (one at a time). */
  const [open, setOpen] = useState<string | null>(null);
  const state = editor.state;
  if (!state) return null;
  const parts = partsOf(draft);
  const items = state.order.flatMap((key): Part[] => {
    const blocks = parts.get(key);
    if (blocks) {
      const paragraph = blocks[0]!.kind === 'sentence';
      return [{ key, kind: blocks[0]!.kind, text: state.texts[key] ?? joined(blocks), blocks, paragraph }];
    }
    const kind = state.added[key];
    return kind ? [{ key, kind, text: state.texts[key] ?? '', blocks: [], paragraph: false }] : [];
  });
  const wordOf = (item: Part) => (item.paragraph ? 'paragraph' : KIND_WORDS[item.kind]);
  const nameOf = (i: number) => `${wordOf(items[i]!)} ${i + 1}`;

  /** After React has moved the parts: focus this control of this part (or its text). */
  const focusLater = (key: string, control: string) =>
    requestAnimationFrame(() => {
      const row = list.current?.querySelector(`[data-edit-block="${key}"]`);
      // At the top (or bottom) its button is disabled: the other move button keeps the keyboard there.
      const other = control === 'up' ? 'down' : control === 'down' ? 'up' : control;
      const target =
        row?.querySelector<HTMLElement>(`[data-control="${control}"]:not(:disabled)`) ??
        row?.querySelector<HTMLElement>(`[data-control="${other}"]:not(:disabled)`) ??
        row?.querySelector<HTMLElement>('textarea');
      target?.focus();
    });
  const move = (i: number, by: -1 | 1, control: string) => {
    const j = i + by;
    if (j < 0 || j >= items.length) return;
    const key = items[i]!.key;
    editor.change(
      (s) => {
        const order = s.order.filter((x) => x !== key);
        const at = order.indexOf(items[j]!.key) + (by === 1 ? 1 : 0);
        order.splice(at, 0, key);
        return { ...s, order };
      },
      `Moved ${nameOf(i)} ${by === -1 ? 'up' : 'down'}: now ${wordOf(items[i]!)} ${j + 1} of ${items.length}.`,
    );
    focusLater(key, control);
  };
  const remove = (i: number) => {
    const key = items[i]!.key;
    const neighbour = items[i + 1]?.key ?? items[i - 1]?.key;
    editor.change(
      (s) => ({ ...s, order: s.order.filter((x) => x !== key) }),
      `Deleted ${nameOf(i)}. Undo brings it back.`,
    );
    setOpen(null);
    if (neighbour) focusLater(neighbour, 'text');
  };
  const add = (i: number) => {
    const kind = isAddable(items[i]!.kind) ? (items[i]!.kind as AddableBlockKind) : 'sentence';
    const key = editor.newId();
    editor.change(
      (s) => {
        const order = [...s.order];
        order.splice(order.indexOf(items[i]!.key) + 1, 0, key);
        return { ...s, order, added: { ...s.added, [key]: kind } };
      },
      `Added an empty ${KIND_WORDS[kind]} after ${nameOf(i)}.`,
    );
    setOpen(null);
    focusLater(key, 'text');
  };

  return (
    <div className="grid gap-3" data-testid="block-editor">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={hintId} className="text-xs text-muted-foreground">
          Each paragraph, post or slide is one text: type, split or join sentences freely. More actions are
          beside it (⋯).
          {/* Only where there is a keyboard to press them. */}
          <span className="hidden md:pointer-fine:inline">
            {' '}
            Alt+↑ and Alt+↓ move the part you are typing in.
          </span>{' '}
          An emptied part is deleted when you save.
        </p>
        <Button variant="outline" size="sm" disabled={!editor.canUndo} onClick={editor.undo}>
          <Undo2 aria-hidden="true" /> Undo
        </Button>
      </div>
      <p className="sr-only" aria-live="polite" data-testid="editor-said">
        {editor.said}
      </p>
      <ol ref={list} className="grid gap-4" aria-label="Parts of the draft">
        {items.map((item, i) => {
          const echo = item.blocks.length > 0 && item.blocks.every((b) => b.origin === 'echo');
          const name = nameOf(i);
          const changed = item.text !== joined(item.blocks);
          // A slide must still fit its slide (the server refuses to save one that does not).
          const tooLong = item.kind === 'slide' && changed ? slideFitProblem(item.text) : null;
          const fitId = `${hintId}-fit-${item.key}`;
          const menuId = `${hintId}-menu-${item.key}`;
          const menuOpen = open === item.key;
          return (
            <li
              key={item.key}
              data-edit-block={item.key}
              className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-1"
            >
              <Textarea
                autoSize
                data-control="text"
                aria-label={`Edit ${name}${echo ? ` (${ECHO_SUGGESTION})` : ''}${item.blocks.length ? '' : ' (added)'}`}
                aria-describedby={tooLong ? `${hintId} ${fitId}` : hintId}
                aria-invalid={tooLong ? true : undefined}
                value={item.text}
                onChange={(event) => {
                  const text = event.target.value;
                  editor.change((s) => ({ ...s, texts: { ...s.texts, [item.key]: text } }), '', item.key);
                }}
                onFocus={() => item.blocks[0] && onActive(item.blocks[0].id)}
                onKeyDown={(event) => {
                  if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
                    event.preventDefault();
                    move(i, event.key === 'ArrowUp' ? -1 : 1, 'text');
                  }
                }}
              />
              <Button
                variant={menuOpen ? 'secondary' : 'ghost'}
                size="sm"
                data-control="menu"
                aria-label={`Actions for ${name}`}
                aria-expanded={menuOpen}
                aria-controls={menuOpen ? menuId : undefined}
                title="Move, delete, add, regenerate"
                onClick={() => setOpen(menuOpen ? null : item.key)}
              >
                <Ellipsis aria-hidden="true" />
              </Button>
              {tooLong && (
                <p id={fitId} role="status" className="col-span-2 text-sm text-destructive">
                  This slide has {tooLong}
                </p>
              )}
              {menuOpen && (
                <div id={menuId} className="col-span-2 flex flex-wrap items-center justify-end gap-1">
                  <Button
                    variant="ghost"
                    size="sm"
                    data-control="up"
                    aria-label={`Move ${name} up`}
                    title="Move up"
                    disabled={i === 0}
                    onClick={() => move(i, -1, 'up')}
                  >
                    <ArrowUp aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    data-control="down"
                    aria-label={`Move ${name} down`}
                    title="Move down"
                    disabled={i === items.length - 1}
                    onClick={() => move(i, 1, 'down')}
                  >
                    <ArrowDown aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    data-control="delete"
                    aria-label={`Delete ${name}`}
                    title="Delete"
                    disabled={items.length === 1}
                    className="hover:text-destructive"
                    onClick={() => remove(i)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                  {/* A paragraph grows by typing into it. */}
                  {!item.paragraph && (
                    <Button
                      variant="ghost"
                      size="sm"
                      data-control="add"
                      aria-label={`Add a ${KIND_WORDS[item.kind]} after ${name}`}
                      title="Add one below"
                      onClick={() => add(i)}
                    >
                      <Plus aria-hidden="true" />
                    </Button>
                  )}
                  {item.paragraph && item.blocks.length > 1 && (
                    <span className="px-1 text-xs text-muted-foreground">Regenerate</span>
                  )}
                  {item.blocks.map((block, k) =>
                    item.paragraph && item.blocks.length > 1 ? (
                      <Button
                        key={block.id}
                        variant="ghost"
                        size="sm"
                        className="text-xs"
                        disabled={regenerating}
                        aria-label={`Regenerate sentence ${k + 1} of ${name}`}
                        title={block.text}
                        onClick={() => onRegenerate(block.id, item.key)}
                      >
                        <RefreshCw aria-hidden="true" /> Sentence {k + 1}
                      </Button>
                    ) : (
                      <Button
                        key={block.id}
                        variant="ghost"
                        size="sm"
                        className="text-xs"
                        disabled={regenerating}
                        onClick={() => onRegenerate(block.id, item.key)}
                      >
                        <RefreshCw aria-hidden="true" /> Regenerate this {KIND_WORDS[item.kind]}
                      </Button>
                    ),
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
