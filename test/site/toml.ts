/**
 * A tiny TOML reader for the subset netlify.toml uses: comments, `[table]`, `[a.b]`, `[[array]]`
 * (a following `[array.sub]` belongs to its last element), bare keys, and string / integer /
 * boolean values. Anything else throws, naming the line, so the test fails loudly.
 */
export type TomlValue = string | number | boolean | TomlTable | TomlTable[];
/** A TOML table. */
export interface TomlTable {
  [key: string]: TomlValue;
}

function isTable(v: TomlValue | undefined): v is TomlTable {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function descend(root: TomlTable, keys: string[], line: number): TomlTable {
  let table = root;
  for (const key of keys) {
    const next = table[key];
    if (next === undefined) table = table[key] = {};
    else if (Array.isArray(next)) {
      const last = next[next.length - 1];
      if (!last) throw new Error(`line ${line}: empty array of tables ${key}`);
      table = last;
    } else if (isTable(next)) table = next;
    else throw new Error(`line ${line}: ${key} is not a table`);
  }
  return table;
}

function value(raw: string, line: number): string | number | boolean {
  if (/^"(?:[^"\\]|\\.)*"$/.test(raw)) return JSON.parse(raw) as string;
  if (/^-?\d+$/.test(raw)) return Number(raw);
  if (raw === 'true' || raw === 'false') return raw === 'true';
  throw new Error(`line ${line}: unsupported value ${raw}`);
}

/** Parse the supported subset of TOML. */
export function parseToml(text: string): TomlTable {
  const root: TomlTable = {};
  let current = root;
  text.split('\n').forEach((rawLine, i) => {
    const line = i + 1;
    const s = rawLine.replace(/^\s+|\s+$/g, '');
    if (s === '' || s.startsWith('#')) return;
    const array = /^\[\[([A-Za-z0-9_.-]+)\]\]$/.exec(s);
    if (array?.[1]) {
      const keys = array[1].split('.');
      const last = keys.pop() ?? '';
      const parent = descend(root, keys, line);
      const list = parent[last] ?? [];
      if (!Array.isArray(list)) throw new Error(`line ${line}: ${last} is not an array of tables`);
      const table: TomlTable = {};
      list.push(table);
      parent[last] = list;
      current = table;
      return;
    }
    const header = /^\[([A-Za-z0-9_.-]+)\]$/.exec(s);
    if (header?.[1]) {
      current = descend(root, header[1].split('.'), line);
      return;
    }
    const pair = /^([A-Za-z0-9_-]+)\s*=\s*(.+?)\s*(?:#.*)?$/.exec(s);
    if (!pair?.[1] || pair[2] === undefined) throw new Error(`line ${line}: cannot parse ${s}`);
    if (current[pair[1]] !== undefined) throw new Error(`line ${line}: duplicate key ${pair[1]}`);
    current[pair[1]] = value(pair[2], line);
  });
  return root;
}
