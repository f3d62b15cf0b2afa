#!/usr/bin/env bash
# Regenerates the sample content of demo/content/ from its text sources in demo/content/source/:
#
#   source/topics.json          media file ids: titles, narration / caption cues, slides, card images
#   source/clients/*.json       the clients (preferences + compact menu tree)
#   source/playlists/{client}/  hand-written playlists (every other tree item gets a generated one)
#
# Outputs (all committed, so running the demo needs none of the tools below):
#   clients/{client}.json, playlists/{client}/{code}.json, captions/{file}/{lang}.vtt,
#   brochures/{file}/{lang}.pdf                                        (text step: needs node only)
#   media/{file}/{lang}.mp4, static/thumbs/{file}_1280.jpg, static/posters/{file}.jpg,
#   static/slides/*.png, static/meta/*.jpg, static/users/68/*.jpg      (media step)
#
# Hand-written, never touched here: users/, meta/, static/art/.
#
# Media step needs: ffmpeg (with libx264 and drawtext), espeak-ng, and the DejaVu fonts:
#   sudo apt-get install -y ffmpeg espeak-ng fonts-dejavu-core
#
# Usage: scripts/generate-media.sh [--text-only] [--jobs N]      (KEEP_WORK=1 keeps the temporary job folders)
set -euo pipefail

TEXT_ONLY=0
JOBS="$(nproc 2>/dev/null || echo 2)"
while [ $# -gt 0 ]; do
  case "$1" in
    --text-only) TEXT_ONLY=1 ;;
    --jobs) shift; JOBS="${1:?--jobs needs a number}" ;;
    --jobs=*) JOBS="${1#--jobs=}" ;;
    -h | --help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    *) echo "Unknown option: $1 (try --help)" >&2; exit 2 ;;
  esac
  shift
done

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CONTENT="$ROOT/demo/content"
FONT_DIR=/usr/share/fonts/truetype/dejavu
FONT_BOLD="$FONT_DIR/DejaVuSans-Bold.ttf"
FONT_REGULAR="$FONT_DIR/DejaVuSans.ttf"

# ---------------------------------------------------------------------------------------------
# Tools
# ---------------------------------------------------------------------------------------------
missing=()
packages=()
need() { # need <command> <debian package>
  if ! command -v "$1" >/dev/null 2>&1; then
    missing+=("$1")
    packages+=("$2")
  fi
}
need node nodejs
if [ "$TEXT_ONLY" = 0 ]; then
  need ffmpeg ffmpeg
  need ffprobe ffmpeg
  need espeak-ng espeak-ng
  if [ ! -f "$FONT_BOLD" ] || [ ! -f "$FONT_REGULAR" ]; then
    missing+=("DejaVu fonts ($FONT_DIR)")
    packages+=(fonts-dejavu-core)
  fi
fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "Missing: ${missing[*]}" >&2
  echo "Install with: sudo apt-get install -y $(printf '%s\n' "${packages[@]}" | sort -u | tr '\n' ' ')" >&2
  [ "$TEXT_ONLY" = 0 ] && echo "(or run with --text-only to regenerate only the JSON, captions and brochures)" >&2
  exit 1
fi
if [ "$TEXT_ONLY" = 0 ]; then
  # (captured first: with pipefail, grep -q closing the pipe early would fail the check)
  encoders="$(ffmpeg -hide_banner -encoders 2>/dev/null || true)"
  filters="$(ffmpeg -hide_banner -filters 2>/dev/null || true)"
  if [[ "$encoders" != *libx264* || "$filters" != *drawtext* ]]; then
    echo "This ffmpeg lacks libx264 or drawtext; install Debian's ffmpeg: sudo apt-get install -y ffmpeg" >&2
    exit 1
  fi
fi

WORK="$(mktemp -d "${TMPDIR:-/tmp}/generate-media.XXXXXX")"
# KEEP_WORK=1 keeps the job folders (job.env, lines.tsv, per-job log) for debugging.
trap 'if [ "${KEEP_WORK:-0}" = 1 ]; then echo "Work folder kept: $WORK"; else rm -rf "$WORK"; fi' EXIT
START_SECONDS=$SECONDS

# ---------------------------------------------------------------------------------------------
# Text step (node): clients, playlists, captions, brochures; and one job folder per image/video
# ---------------------------------------------------------------------------------------------
echo "Text outputs..."
node --input-type=module - "$CONTENT" "$WORK" "$TEXT_ONLY" <<'NODE'
import fs from 'node:fs';
import path from 'node:path';

const [content, work, textOnly] = process.argv.slice(2);
const src = path.join(content, 'source');
const readJson = (p) => JSON.parse(fs.readFileSync(p, 'utf8'));
const writeJson = (p, v) => {
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, JSON.stringify(v, null, 2) + '\n');
};
const rmrf = (rel) => fs.rmSync(path.join(content, rel), { recursive: true, force: true });
const fail = (msg) => {
  console.error(`generate-media: ${msg}`);
  process.exit(1);
};

const LANGS = ['en', 'es', 'de', 'pt', 'ar'];
const topics = readJson(path.join(src, 'topics.json'));
const files = new Map();
for (const f of topics.files) {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(f.id ?? '')) fail(`bad file id ${JSON.stringify(f.id)}`);
  if (files.has(f.id)) fail(`duplicate file id ${f.id}`);
  if (!topics.categories[f.category]) fail(`${f.id}: unknown category ${f.category}`);
  if (!f.title?.en || !f.title?.es) fail(`${f.id}: needs en and es titles`);
  f.kind ??= 'video';
  f.duration ??= 8;
  f.voices ??= ['en', 'es'];
  if (f.kind === 'video') {
    const n = f.cues?.en?.length ?? 0;
    if (n < 2 || n > 4) fail(`${f.id}: needs 2-4 cues`);
    for (const [lang, list] of Object.entries(f.cues)) {
      if (!LANGS.includes(lang)) fail(`${f.id}: unknown caption language ${lang}`);
      if (list.length !== n) fail(`${f.id}: ${lang} has ${list.length} cues, en has ${n}`);
    }
    for (const v of f.voices) if (!f.cues[v]) fail(`${f.id}: no ${v} cues to narrate`);
    if (f.chapters && f.chapters.length !== n) fail(`${f.id}: chapters must match the cue count`);
    // Audio descriptions: per voice language, one line per cue describing what is shown (spoken before it).
    for (const [lang, list] of Object.entries(f.audioDescriptions ?? {})) {
      if (!f.voices.includes(lang)) fail(`${f.id}: audio descriptions in ${lang}, which is not a voice`);
      if (list.length !== n) fail(`${f.id}: ${lang} audio descriptions need ${n} lines`);
    }
    if (f.duration < 6 || f.duration > 10) fail(`${f.id}: duration must be 6-10 s`);
  }
  files.set(f.id, f);
}
const slot = (f) => f.duration / f.cues.en.length;

// ---- captions ---------------------------------------------------------------------------------
const ts = (s) => {
  const ms = Math.round(s * 1000);
  const p = (n, w = 2) => String(n).padStart(w, '0');
  return `${p(Math.floor(ms / 3600000))}:${p(Math.floor(ms / 60000) % 60)}:${p(Math.floor(ms / 1000) % 60)}.${p(ms % 1000, 3)}`;
};
rmrf('captions');
let captionCount = 0;
for (const f of files.values()) {
  if (f.kind !== 'video') continue;
  for (const [lang, list] of Object.entries(f.cues)) {
    let vtt = `WEBVTT - ${f.title[lang] ?? f.title.en} (${lang})\n\n`;
    list.forEach((text, i) => {
      const start = i * slot(f);
      const end = i === list.length - 1 ? f.duration : (i + 1) * slot(f);
      vtt += `${i + 1}\n${ts(start)} --> ${ts(end)}\n${text}\n\n`;
    });
    const out = path.join(content, 'captions', f.id, `${lang}.vtt`);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, vtt);
    captionCount++;
  }
}

// ---- brochures (tiny hand-made PDFs, Helvetica / WinAnsi) -------------------------------------
const BROCHURE_TEXT = {
  en: { kicker: 'Patient education handout', footer: 'General information only. Ask your care team about your own situation.' },
  es: { kicker: 'Hoja informativa para pacientes', footer: 'Solo información general. Consulte a su equipo médico sobre su caso.' },
};
const wrap = (text, width) => {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && (line + ' ' + word).length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
};
function pdf(title, paragraphs, kicker, footer) {
  const esc = (s) => {
    for (const ch of s) if (ch.codePointAt(0) > 0xff) fail(`brochure text outside Latin-1: ${s}`);
    return s.replace(/[\\()]/g, (c) => `\\${c}`);
  };
  let y = 720;
  const ops = ['0.21 0.29 0.55 rg', '0 752 612 40 re f', '0 g'];
  const text = (font, size, x, yy, s) => ops.push(`BT /${font} ${size} Tf ${x} ${yy} Td (${esc(s)}) Tj ET`);
  text('F1', 11, 72, y, kicker.toUpperCase());
  y -= 30;
  for (const line of wrap(title, 40)) {
    text('F2', 22, 72, y, line);
    y -= 28;
  }
  y -= 10;
  paragraphs.forEach((p, i) => {
    wrap(p, 78).forEach((line, j) => {
      text('F1', 12, 72, y, (j === 0 ? `${i + 1}.  ` : '     ') + line);
      y -= 17;
    });
    y -= 8;
  });
  ops.push('0.4 g');
  text('F1', 9, 72, 60, footer);
  const stream = Buffer.from(ops.join('\n') + '\n', 'latin1');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> /Contents 4 0 R >>',
    null, // content stream
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Title (${esc(title)}) /Producer (scripts/generate-media.sh) >>`,
  ];
  const chunks = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let size = chunks[0].length;
  const offsets = [];
  objects.forEach((body, i) => {
    offsets.push(size);
    const buf =
      body === null
        ? Buffer.concat([Buffer.from(`${i + 1} 0 obj\n<< /Length ${stream.length} >>\nstream\n`, 'latin1'), stream, Buffer.from('endstream\nendobj\n', 'latin1')])
        : Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`, 'latin1');
    chunks.push(buf);
    size += buf.length;
  });
  let xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) xref += `${String(o).padStart(10, '0')} 00000 n \n`;
  xref += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${size}\n%%EOF\n`;
  chunks.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(chunks);
}
rmrf('brochures');
let brochureCount = 0;
for (const f of files.values()) {
  if (!f.brochure) continue;
  for (const lang of ['en', 'es']) {
    const out = path.join(content, 'brochures', f.id, `${lang}.pdf`);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, pdf(f.title[lang], f.cues[lang], BROCHURE_TEXT[lang].kicker, BROCHURE_TEXT[lang].footer));
    brochureCount++;
  }
}

// ---- clients and playlists ------------------------------------------------------------------
const LAYER_BY_PREFIX = { L_: 'library', C_: 'collection', G_: 'group', A_: 'item' };
const DEFAULT_CHAPTERS = {
  2: ['Overview', 'What you can do'],
  3: ['Overview', 'What to know', 'What you can do'],
  4: ['Overview', 'What to know', 'What you can do', 'When to call'],
};
rmrf('clients');
rmrf('playlists');
let playlistCount = 0;
const clientSources = fs.readdirSync(path.join(src, 'clients')).filter((n) => n.endsWith('.json')).sort();
for (const name of clientSources) {
  const c = readJson(path.join(src, 'clients', name));
  if (`${c.client}.json` !== name) fail(`${name}: client field must match the file name`);
  const items = new Map();
  const build = (node, depth) => {
    const code = node.code;
    if (typeof code !== 'string' || !code) fail(`${c.client}: node without code`);
    const layer = node.layer ?? (depth === 0 ? 'root' : LAYER_BY_PREFIX[code.slice(0, 2)]);
    if (!layer) fail(`${c.client}: cannot tell the layer of ${code}`);
    const out = { code, layer };
    if (layer === 'item') {
      const topic = node.file ? files.get(node.file) : undefined;
      if (node.file && !topic) fail(`${c.client}/${code}: unknown file ${node.file}`);
      if (node.file) out.file = node.file;
      if (node.type) out.type = node.type;
      out.labels = { ...(topic?.title ?? {}), ...(node.labels ?? {}) };
      if (!out.labels.en || !out.labels.es) fail(`${c.client}/${code}: needs en and es labels`);
      const seen = items.get(code);
      if (seen && seen.file !== node.file) fail(`${c.client}/${code}: repeated with another file`);
      if (!seen) items.set(code, { ...out });
      return out;
    }
    out.labels = node.labels ?? {};
    if (!out.labels.en || !out.labels.es) fail(`${c.client}/${code}: needs en and es labels`);
    out.children = (node.children ?? []).map((child) => build(child, depth + 1));
    return out;
  };
  const tree = build(c.tree, 0);
  writeJson(path.join(content, 'clients', name), {
    client: c.client,
    name: c.name,
    userId: c.userId,
    preferences: c.preferences,
    profile: tree,
  });

  const handDir = path.join(src, 'playlists', c.client);
  const hand = new Map(
    (fs.existsSync(handDir) ? fs.readdirSync(handDir) : [])
      .filter((n) => n.endsWith('.json'))
      .map((n) => [n.slice(0, -5), readJson(path.join(handDir, n))]),
  );
  const d = c.playlistDefaults;
  let seq = 100;
  for (const [code, node] of items) {
    seq++;
    let playlist = hand.get(code);
    if (!playlist) {
      const t = files.get(node.file);
      if (!t || t.kind !== 'video') fail(`${c.client}/${code}: no hand-written playlist and no video to generate one from`);
      const n = t.cues.en.length;
      const chapters = t.chapters ?? DEFAULT_CHAPTERS[n];
      const copyrightId = `${d.copyrightPrefix}-${seq}`;
      const text = chapters.map((h, i) => {
        const ms = Math.round(i * slot(t) * 1000);
        return { key: 'chapter', value: h, t: ms, f: ms };
      });
      text.push({ key: 'poster', value: `posters/${t.id}.jpg`, t: null, f: null });
      if (t.brochure) text.push({ key: 'brochure', value: t.id, t: null, f: null });
      playlist = {
        type: 'video',
        code,
        label: node.labels.en,
        labels: node.labels,
        provider: c.name,
        reviewer: t.reviewer ?? d.reviewer,
        voLanguages: t.voices,
        ccLanguages: LANGS.filter((l) => t.cues[l]),
        flags: { lang_type: 'single', lang_first: 'en', lang_second: 'es', skip: 1 },
        copyright: d.copyright,
        copyrightId,
        note: d.note,
        reviewed: d.reviewed,
        allowSkipping: true,
        items: [
          {
            type: 'MainHostedVideo',
            code: `V_${code.replace(/^A_/, '')}`,
            file: t.id,
            language: 'en',
            runtime: t.duration,
            label: t.title.en,
            labels: t.title,
            video: { id: t.id, labels: { en: t.title.en, es: t.title.es } },
            copyright: d.copyright,
            copyright_id: `${copyrightId}-1`,
            reviewed_at: d.reviewed,
            content: {},
            sources: [],
            version: { published_at: d.publishedAt, text },
          },
        ],
      };
    } else if (playlist.code !== code) fail(`${c.client}/${code}.json: code field differs`);
    for (const it of playlist.items ?? []) {
      const t = it.file ? files.get(it.file) : undefined;
      if (it.file && !t) fail(`${c.client}/${code}: item file ${it.file} unknown`);
      if (t?.audioDescriptions && /Hosted|Uploaded/.test(it.type ?? '')) it.audio_descriptions = t.voices.filter((l) => t.audioDescriptions[l]);
      if (t?.kind === 'video' && it.runtime !== t.duration) fail(`${c.client}/${code}: ${it.file} runtime ${it.runtime}, video is ${t.duration} s`);
    }
    writeJson(path.join(content, 'playlists', c.client, `${code}.json`), playlist);
    playlistCount++;
  }
  for (const [code, playlist] of hand) {
    if (items.has(code)) continue; // reachable by code only
    for (const it of playlist.items ?? []) {
      const t = it.file ? files.get(it.file) : undefined;
      if (t?.audioDescriptions && /Hosted|Uploaded/.test(it.type ?? '')) it.audio_descriptions = t.voices.filter((l) => t.audioDescriptions[l]);
    }
    writeJson(path.join(content, 'playlists', c.client, `${code}.json`), playlist);
    playlistCount++;
  }
}
console.log(`  ${clientSources.length} clients, ${playlistCount} playlists, ${captionCount} caption files, ${brochureCount} brochures`);
if (textOnly === '1') process.exit(0);

// ---- media jobs --------------------------------------------------------------------------------
// Each job is a folder: job.env (shell variables) + lines.tsv (bold, size, x, y, colour, text file).
let jobCount = 0;
const shq = (v) => `'${String(v).replace(/'/g, `'\\''`)}'`;
function job(kind, name, env, lines, extra = {}) {
  const dir = path.join(work, 'jobs', `${String(++jobCount).padStart(3, '0')}-${kind}-${name}`);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'job.env'), Object.entries({ KIND: kind, ...env }).map(([k, v]) => `${k}=${shq(v)}\n`).join(''));
  fs.writeFileSync(
    path.join(dir, 'lines.tsv'),
    lines
      .map((l, i) => {
        fs.writeFileSync(path.join(dir, `line${i}.txt`), l.text);
        return [l.bold ? 1 : 0, l.size, l.x ?? 'c', Math.round(l.y), l.color ?? 'white', `line${i}.txt`].join('\t') + '\n';
      })
      .join(''),
  );
  for (const [file, text] of Object.entries(extra)) fs.writeFileSync(path.join(dir, file), text);
}
/** Centred block of wrapped lines: [{text, size, bold, gap}] -> lines with y, centred on cy. */
function block(parts, cy) {
  const rows = [];
  for (const p of parts) {
    const texts = p.wrap ? wrap(p.text, p.wrap) : [p.text];
    texts.forEach((text, i) => rows.push({ ...p, text, after: i === texts.length - 1 ? p.after : 0 }));
  }
  const height = rows.reduce((h, r, i) => h + r.size * 1.3 + (i < rows.length - 1 ? (r.after ?? 0) : 0), 0);
  let y = cy - height / 2;
  return rows.map((r) => {
    const line = { ...r, y: y + r.size * 0.15 };
    y += r.size * 1.3 + (r.after ?? 0);
    return line;
  });
}
const hex = (c) => `0x${c.replace('#', '')}`;
const VOICES = { en: 'en-us', es: 'es-419' };
const kindNote = { youtube: 'Watch on YouTube', vimeo: 'Watch on Vimeo', video: 'Patient education video' };

for (const f of files.values()) {
  const cat = topics.categories[f.category];
  const color = hex(f.color ?? cat.color);
  if (f.kind === 'video') {
    for (const lang of f.voices) {
      const sentences = Object.fromEntries(f.cues[lang].map((s, i) => [`s${i}.txt`, s]));
      job(
        'video',
        `${f.id}-${lang}`,
        { OUT: `media/${f.id}/${lang}.mp4`, COLOR: color, DUR: f.duration, N: f.cues[lang].length, VOICE: VOICES[lang] },
        [
          { text: (cat.labels[lang] ?? cat.labels.en).toUpperCase(), size: 11, x: 12, y: 10, color: 'white@0.85' },
          { text: lang.toUpperCase(), size: 11, bold: true, x: 'r', y: 10 },
          ...block([{ text: f.title[lang], size: 19, bold: true, wrap: 24 }], 82),
        ],
        sentences,
      );
      // The audio-described variant: the same pictures and timing; each cue's description is spoken before it.
      const described = f.audioDescriptions?.[lang];
      if (described) {
        job(
          'video',
          `${f.id}-${lang}-ad`,
          { OUT: `media/${f.id}/${lang}-ad.mp4`, COLOR: color, DUR: f.duration, N: f.cues[lang].length, VOICE: VOICES[lang] },
          [
            { text: (cat.labels[lang] ?? cat.labels.en).toUpperCase(), size: 11, x: 12, y: 10, color: 'white@0.85' },
            { text: `${lang.toUpperCase()} AD`, size: 11, bold: true, x: 'r', y: 10 },
            ...block([{ text: f.title[lang], size: 19, bold: true, wrap: 24 }], 82),
          ],
          Object.fromEntries(f.cues[lang].map((s, i) => [`s${i}.txt`, `${described[i]} ${s}`])),
        );
      }
    }
  }
  const title = [{ text: f.title.en, size: 64, bold: true, wrap: 26 }];
  const kicker = { text: cat.labels.en.toUpperCase(), size: 30, x: 60, y: 48, color: 'white@0.85' };
  const footer = { text: kindNote[f.kind], size: 28, x: 60, y: 648, color: 'white@0.9' };
  if (f.thumbnail !== false) {
    job('image', `thumb-${f.id}`, { OUT: `static/thumbs/${f.id}_1280.jpg`, COLOR: color, W: 1280, H: 720, Q: 8 }, [kicker, footer, ...block(title, 330)]);
  }
  job('image', `poster-${f.id}`, { OUT: `static/posters/${f.id}.jpg`, COLOR: color, W: 640, H: 360, Q: 7 }, [
    { ...kicker, size: 15, x: 30, y: 24 },
    { ...footer, size: 14, x: 30, y: 324 },
    ...block([{ text: f.title.en, size: 32, bold: true, wrap: 26 }], 165),
  ]);
}
for (const s of topics.slides) {
  job('image', s.id, { OUT: `static/slides/${s.id}.png`, COLOR: hex(s.color), W: 640, H: 360 }, [
    ...block([{ text: s.title.en, size: 34, bold: true, wrap: 28 }], 110),
    ...block(s.lines.en.map((text) => ({ text, size: 22 })), 220),
  ]);
}
for (const card of topics.cards) {
  const name = card.out.replace(/[^a-z0-9-]+/gi, '-');
  const [first, ...rest] = card.lines;
  job(
    'image',
    name,
    { OUT: card.out, COLOR: hex(card.color), W: 640, H: 360, Q: 6 },
    block([{ text: first, size: 34, bold: true, wrap: 30, after: 14 }, ...rest.map((text) => ({ text, size: 20 }))], 170),
  );
}
console.log(`  ${jobCount} media jobs`);
NODE

[ "$TEXT_ONLY" = 1 ] && { echo "Done (text only)."; exit 0; }

# ---------------------------------------------------------------------------------------------
# Media step
# ---------------------------------------------------------------------------------------------
# Everything below is regenerated from scratch (so a removed source entry leaves nothing behind).
rm -rf "$CONTENT/media" "$CONTENT/static/thumbs" "$CONTENT/static/posters" "$CONTENT/static/slides" \
  "$CONTENT/static/meta" "$CONTENT/static/users"

# drawtext chain for a job's lines.tsv
text_filters() { # text_filters <job dir>
  local dir="$1" bold size x y color file font chain=""
  while IFS=$'\t' read -r bold size x y color file; do
    font="$FONT_REGULAR"
    [ "$bold" = 1 ] && font="$FONT_BOLD"
    case "$x" in
      c) x='(w-text_w)/2' ;;
      r) x='w-text_w-12' ;;
    esac
    chain+=",drawtext=fontfile=$font:textfile=$dir/$file:expansion=none:fontsize=$size:fontcolor=$color:x=$x:y=$y"
  done <"$dir/lines.tsv"
  printf '%s' "$chain"
}

render_image() { # render_image <job dir>
  local dir="$1" out quality=()
  # shellcheck disable=SC1091
  . "$dir/job.env"
  out="$CONTENT/$OUT"
  mkdir -p "$(dirname "$out")"
  case "$out" in
    *.jpg) quality=(-q:v "$Q") ;;
    *.png) quality=(-pred mixed) ;;
  esac
  ffmpeg -nostdin -v error -y -f lavfi -i "color=c=$COLOR:s=${W}x${H}:d=1" \
    -vf "drawbox=x=0:y=0:w=iw:h=ih*0.012:color=white@0.6:t=fill,drawbox=x=0:y=ih*0.86:w=iw:h=ih*0.14:color=black@0.22:t=fill$(text_filters "$dir")" \
    -frames:v 1 "${quality[@]}" -map_metadata -1 -fflags +bitexact -flags +bitexact "$out"
}

clip_length() { ffprobe -v error -show_entries format=duration -of csv=p=0 "$1"; }

render_video() { # render_video <job dir>
  local dir="$1" out slot i len speed tempo inputs=() achain="" alabels=""
  # shellcheck disable=SC1091
  . "$dir/job.env"
  out="$CONTENT/$OUT"
  mkdir -p "$(dirname "$out")"
  slot="$(awk -v d="$DUR" -v n="$N" 'BEGIN { printf "%.3f", d / n }')"
  # One narration clip per caption cue, starting 0.15 s into the cue. A sentence too long for its
  # cue is spoken faster (espeak's own rate first, then atempo for what is left), never cut.
  for ((i = 0; i < N; i++)); do
    espeak-ng -v "$VOICE" -s 170 -w "$dir/s$i.wav" -f "$dir/s$i.txt"
    len="$(clip_length "$dir/s$i.wav")"
    speed="$(awk -v l="$len" -v s="$slot" 'BEGIN { t = l / (s - 0.3); printf "%d", (t > 1 ? 170 * t + 0.5 : 170) }')"
    if [ "$speed" -gt 170 ]; then
      espeak-ng -v "$VOICE" -s "$speed" -w "$dir/s$i.wav" -f "$dir/s$i.txt"
      len="$(clip_length "$dir/s$i.wav")"
    fi
    tempo="$(awk -v l="$len" -v s="$slot" 'BEGIN { t = l / (s - 0.3); if (t < 1) t = 1; printf "%.3f", t }')"
    echo "cue $i: espeak -s $speed, atempo $tempo" >>"$dir/log"
    inputs+=(-i "$dir/s$i.wav")
    achain+="[$((i + 2)):a]aresample=22050,atempo=$tempo,adelay=150:all=1,apad=whole_dur=$slot,atrim=duration=$slot,asetpts=PTS-STARTPTS[a$i];"
    alabels+="[a$i]"
  done
  ffmpeg -nostdin -v error -y \
    -f lavfi -i "color=c=$COLOR:s=320x180:r=25:d=$DUR" \
    -f lavfi -i "color=c=white@0.9:s=320x3:r=25:d=$DUR" \
    "${inputs[@]}" \
    -filter_complex "[0:v]drawbox=x=0:y=ih*0.84:w=iw:h=ih*0.16:color=black@0.25:t=fill$(text_filters "$dir"),drawtext=fontfile=$FONT_REGULAR:text='%{pts\:hms}':fontsize=10:fontcolor=white@0.85:x=12:y=h-19[bg];[bg][1:v]overlay=x='-W+W*t/$DUR':y=H-3:eval=frame[v];${achain}${alabels}concat=n=$N:v=0:a=1[a]" \
    -map '[v]' -map '[a]' -t "$DUR" \
    -c:v libx264 -preset medium -profile:v main -pix_fmt yuv420p -crf 30 -maxrate 120k -bufsize 240k \
    -g 25 -keyint_min 25 -sc_threshold 0 -threads 1 \
    -c:a aac -b:a 32k -ac 1 -ar 22050 \
    -movflags +faststart -map_metadata -1 -fflags +bitexact -flags:v +bitexact -flags:a +bitexact \
    "$out"
}

run_job() { # run_job <job dir>; leaves a FAILED marker instead of aborting the others
  local dir="$1" KIND
  KIND="$(sed -n "s/^KIND='\(.*\)'$/\1/p" "$dir/job.env")"
  if ! "render_$KIND" "$dir" >>"$dir/log" 2>&1; then
    touch "$dir/FAILED"
    echo "  FAILED: $(basename "$dir")" >&2
    sed 's/^/    /' "$dir/log" >&2
  fi
}

total="$(find "$WORK/jobs" -mindepth 1 -maxdepth 1 -type d | wc -l)"
echo "Media ($total jobs, $JOBS at a time)..."
done_count=0
for dir in "$WORK"/jobs/*/; do
  while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n || true; done
  run_job "${dir%/}" &
  done_count=$((done_count + 1))
  if [ $((done_count % 25)) = 0 ]; then echo "  $done_count/$total started"; fi
done
wait
if compgen -G "$WORK/jobs/*/FAILED" >/dev/null; then
  echo "Some media jobs failed (see above)." >&2
  exit 1
fi

# ---------------------------------------------------------------------------------------------
# Check: every asset a playlist or tree names exists
# ---------------------------------------------------------------------------------------------
node --input-type=module - "$CONTENT" <<'NODE'
import fs from 'node:fs';
import path from 'node:path';
const [content] = process.argv.slice(2);
const topics = JSON.parse(fs.readFileSync(path.join(content, 'source/topics.json'), 'utf8'));
const noThumb = new Set(topics.files.filter((f) => f.thumbnail === false).map((f) => f.id));
const problems = [];
const must = (rel, why) => fs.existsSync(path.join(content, rel)) || problems.push(`${rel} (${why})`);
for (const client of fs.readdirSync(path.join(content, 'clients'))) {
  const c = JSON.parse(fs.readFileSync(path.join(content, 'clients', client), 'utf8'));
  const walk = (n) => {
    if (n.layer === 'item') {
      if (n.file && !noThumb.has(n.file)) must(`static/thumbs/${n.file}_1280.jpg`, `${c.client}/${n.code}`);
      must(`playlists/${c.client}/${n.code}.json`, `${c.client} tree`);
    }
    (n.children ?? []).forEach(walk);
  };
  walk(c.profile);
  for (const name of fs.readdirSync(path.join(content, 'playlists', c.client))) {
    const p = JSON.parse(fs.readFileSync(path.join(content, 'playlists', c.client, name), 'utf8'));
    for (const it of p.items) {
      const why = `${c.client}/${p.code}`;
      if (it.file && /Hosted|Uploaded/.test(it.type ?? '')) {
        must(`media/${it.file}/en.mp4`, why);
        for (const l of it.audio_descriptions ?? []) must(`media/${it.file}/${l}-ad.mp4`, why);
        for (const l of p.ccLanguages) must(`captions/${it.file}/${l}.vtt`, why);
      }
      for (const e of it.version?.text ?? []) {
        if (e.key === 'poster' && !/^[a-z]+:/.test(e.value)) must(`static/${e.value}`, why);
        if (e.key === 'brochure') ['en', 'es'].forEach((l) => must(`brochures/${e.value}/${l}.pdf`, why));
      }
      for (const s of it.slides ?? []) must(`static/${s.image}`, why);
    }
  }
}
for (const dir of fs.readdirSync(path.join(content, 'meta'))) {
  for (const name of fs.readdirSync(path.join(content, 'meta', dir))) {
    const m = JSON.parse(fs.readFileSync(path.join(content, 'meta', dir, name), 'utf8'));
    for (const it of m.items) if (it.content?.image?.path) must(it.content.image.path, `meta ${dir}/${name}`);
  }
}
if (problems.length) {
  console.error(`Missing assets:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
NODE

echo "Done in $((SECONDS - START_SECONDS)) s: $(du -sh "$CONTENT" | cut -f1) in demo/content"
