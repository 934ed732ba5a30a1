/**
 * A small rich-text reply editor: a contenteditable box with a toolbar for bold, italic, bulleted
 * and numbered lists and the four sizes (13/15/18/22 px, written as `<span style="font-size:…">`).
 * The server sanitizes whatever is posted (docs/admin.md reply rules); this only has to produce
 * the allowed shapes. The draft lives in the DOM and is cleared only by the caller after a send
 * the server accepted, so a failed send keeps it.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { legacySizeFor, legacySizePx, REPLY_SIZES } from '../../lib/admin.ts';

/** The editor's handle for its owner. */
export interface EditorHandle {
  html(): string;
  text(): string;
  clear(): void;
}

/** Replace the `<font size>` that execCommand writes with the exact-size spans the server keeps. */
function fontsToSpans(root: HTMLElement): void {
  for (const font of [...root.querySelectorAll('font')]) {
    const px = legacySizePx(font.getAttribute('size'));
    const span = document.createElement('span');
    if (px) span.style.fontSize = `${px}px`;
    span.append(...font.childNodes);
    font.replaceWith(span);
  }
}

/** The editor; `onReady` receives its handle once mounted. */
export function ReplyEditor({ id, label, disabled, onReady }: { id: string; label: string; disabled: boolean; onReady: (h: EditorHandle) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const saved = useRef<Range | null>(null);
  const [states, setStates] = useState({ bold: false, italic: false, ul: false, ol: false });

  /**
   * The toolbar follows the selection: pressed where the caret or selection is bold, italic or in a
   * list, and nothing pressed once the selection has left the editor. Asked again after every
   * command and keystroke, since toggling a format with the caret still leaves the selection as it was.
   */
  const refresh = () => {
    const el = box.current;
    const sel = document.getSelection();
    const inside = !!el && !!sel && sel.rangeCount > 0 && el.contains(sel.anchorNode);
    if (inside && sel) saved.current = sel.getRangeAt(0).cloneRange();
    const state = (command: string) => inside && document.queryCommandState(command);
    const next = { bold: state('bold'), italic: state('italic'), ul: state('insertUnorderedList'), ol: state('insertOrderedList') };
    setStates((prev) => (Object.entries(next).every(([k, v]) => prev[k as keyof typeof prev] === v) ? prev : next));
  };

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    onReady({ html: () => el.innerHTML, text: () => el.textContent ?? '', clear: () => el.replaceChildren() });
    // Remember the selection inside the editor, so toolbar buttons act on it even after focus moved.
    document.addEventListener('selectionchange', refresh);
    el.addEventListener('keyup', refresh);
    return () => {
      document.removeEventListener('selectionchange', refresh);
      el.removeEventListener('keyup', refresh);
    };
  }, []);

  const run = (command: string, value?: string) => {
    const el = box.current;
    if (!el || disabled) return;
    el.focus();
    const sel = document.getSelection();
    if (saved.current && sel) {
      sel.removeAllRanges();
      sel.addRange(saved.current);
    }
    document.execCommand('styleWithCSS', false, 'false');
    document.execCommand('defaultParagraphSeparator', false, 'p');
    document.execCommand(command, false, value);
    if (command === 'fontSize') fontsToSpans(el);
    refresh();
  };
  // Buttons keep the editor's selection: a mouse press does not take focus from the text.
  const keep = (e: MouseEvent) => e.preventDefault();

  const tool = (text: string, command: string, pressed?: boolean) => (
    <button type="button" class="button tool" aria-pressed={pressed === undefined ? undefined : pressed} onMouseDown={keep} onClick={() => run(command)} disabled={disabled}>
      {text}
    </button>
  );
  return (
    <div class="editor">
      <div role="toolbar" aria-label="Formatting" aria-controls={id} class="toolbar">
        {tool('Bold', 'bold', states.bold)}
        {tool('Italic', 'italic', states.italic)}
        {tool('Bulleted list', 'insertUnorderedList', states.ul)}
        {tool('Numbered list', 'insertOrderedList', states.ol)}
        <span class="sizes" role="group" aria-label="Text size">
          {REPLY_SIZES.map((s) => (
            <button key={s.px} type="button" class="button tool" onMouseDown={keep} onClick={() => run('fontSize', legacySizeFor(s.px))} disabled={disabled} aria-label={`${s.label} text, ${s.px} pixels`}>
              <span style={`font-size:${s.px}px`}>{s.px}</span>
            </button>
          ))}
        </span>
      </div>
      <div
        id={id}
        ref={box}
        class="editable"
        contentEditable={!disabled}
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        aria-disabled={disabled ? 'true' : undefined}
        tabIndex={disabled ? -1 : 0}
      />
    </div>
  );
}
