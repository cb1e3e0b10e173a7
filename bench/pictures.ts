/**
 * What one lot picture costs the API process (decision 0047):
 *
 *   npx tsx bench/pictures.ts [--before <dir>] [--runs 3] [--write]
 *
 * The worst file a checkout accepts — a PNG of exactly its pixel limit, 4:3, a horizontal
 * gradient (small on the wire, every pixel still to decode) — sized by its `sizePicture` in a
 * fresh process (bench/lib/picture-process.ts): once, then six at once (through its PictureQueue
 * when it has one). Figures: wall and CPU time, idle and peak RSS, and the slowest wait of a
 * bystander doing what a sign-in does on libuv's thread pool meanwhile. `--before <dir>` measures
 * an older checkout too (e.g. `git archive <commit> server common | tar -x -C <dir>`, with a
 * node_modules link), side by side. The median run by wall time is reported.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import sharp from 'sharp'
import { flag, numberArg } from './lib/args.ts'
import { machine, writeSection } from './lib/report.ts'

const RUNS = numberArg('runs', 3, 10)
const WRITE = flag('write')
const beforeAt = process.argv.indexOf('--before')
const BEFORE = beforeAt >= 0 ? resolve(process.argv[beforeAt + 1]!) : undefined
/** `--before-commit <hash>`: which commit the older checkout is, for the report. */
const commitAt = process.argv.indexOf('--before-commit')
const BEFORE_COMMIT = commitAt >= 0 ? process.argv[commitAt + 1] : undefined
const HERE = fileURLToPath(new URL('..', import.meta.url))
const CHILD = fileURLToPath(new URL('./lib/picture-process.ts', import.meta.url))
const scratch = mkdtempSync(join(tmpdir(), 'lotline-bench-pictures-'))

interface Figures {
  count: number
  wallMs: number
  cpuMs: number
  idleRssMb: number
  peakRssMb: number
  slowestBystanderMs: number
}

/** The worst PNG a checkout accepts: exactly its pixel limit, 4:3. */
async function worstFile(codeDir: string): Promise<{ path: string; label: string }> {
  const common = pathToFileURL(join(codeDir, 'common/auction.ts')).href
  const { LOT_IMAGE_MAX_PIXELS: limit } = (await import(common)) as { LOT_IMAGE_MAX_PIXELS: number }
  const width = Math.floor(Math.sqrt((limit * 4) / 3))
  const height = Math.floor(limit / width)
  const row = Buffer.alloc(width * 3)
  for (let x = 0; x < width; x++) row.fill(Math.floor((x / width) * 255), x * 3, x * 3 + 3)
  const png = await sharp(Buffer.concat(Array.from({ length: height }, () => row)), {
    raw: { width, height, channels: 3 },
  })
    .png()
    .toBuffer()
  const path = join(scratch, `${limit}.png`)
  writeFileSync(path, png)
  const mp = ((width * height) / 1e6).toFixed(1)
  return { path, label: `${width} × ${height} (${mp} MP), ${Math.round(png.length / 1024)} KB` }
}

function measure(codeDir: string, file: string, mode: 'one' | 'six'): Figures {
  const runs: Figures[] = []
  for (let i = 0; i < RUNS; i++) {
    const child = spawnSync('npx', ['tsx', CHILD, codeDir, file, mode], {
      cwd: HERE,
      encoding: 'utf8',
    })
    if (child.status !== 0) throw new Error(`${codeDir} ${mode}: ${child.stderr}`)
    runs.push(JSON.parse(child.stdout.trim().split('\n').pop()!) as Figures)
  }
  return runs.sort((a, b) => a.wallMs - b.wallMs)[Math.floor(runs.length / 2)]!
}

async function checkout(codeDir: string) {
  const file = await worstFile(codeDir)
  return { file, one: measure(codeDir, file.path, 'one'), six: measure(codeDir, file.path, 'six') }
}

try {
  const after = await checkout(HERE)
  const before = BEFORE ? await checkout(BEFORE) : undefined
  const columns = before ? ['before', 'after'] : ['this version']
  const all = before ? [before, after] : [after]
  const line = (name: string, pick: (c: typeof after) => string | number) =>
    `| ${name} | ${all.map((c) => pick(c)).join(' | ')} |`
  const table = [
    `| measure (median of ${RUNS} runs) | ${columns.join(' | ')} |`,
    `| --- | ${columns.map(() => '---:').join(' | ')} |`,
    line('worst accepted file (PNG)', (c) => c.file.label),
    line('one picture: wall / CPU time', (c) => `${c.one.wallMs} / ${c.one.cpuMs} ms`),
    line(
      'one picture: peak RSS (idle before)',
      (c) => `${c.one.peakRssMb} (${c.one.idleRssMb}) MB`,
    ),
    line('six at once: wall / CPU time', (c) => `${c.six.wallMs} / ${c.six.cpuMs} ms`),
    line(
      'six at once: peak RSS (idle before)',
      (c) => `${c.six.peakRssMb} (${c.six.idleRssMb}) MB`,
    ),
    line(
      'six at once: slowest thread-pool wait of a sign-in meanwhile',
      (c) => `${c.six.slowestBystanderMs} ms`,
    ),
  ].join('\n')
  console.log(table)
  if (WRITE) {
    const older = BEFORE_COMMIT ? ` --before-commit ${BEFORE_COMMIT}` : ''
    const command = `npx tsx bench/pictures.ts${BEFORE ? ` --before <dir>${older}` : ''} --runs ${RUNS} --write`
    const beforeNote = BEFORE
      ? `"before" is ${BEFORE_COMMIT ? `commit ${BEFORE_COMMIT}` : 'an older checkout'} (\`git archive <commit> server common\` into \`<dir>\`), "after" this checkout. `
      : ''
    await writeSection(
      'Lot pictures (bench/pictures.ts)',
      `Command: \`${command}\`\n\nMachine: ${machine()}\n\n${table}\n\n${beforeNote}` +
        'Each figure comes from a fresh process that sizes the worst file its checkout accepts ' +
        '(a PNG of exactly its pixel limit, a gradient: small on the wire, every pixel to decode); ' +
        '"six at once" goes through the checkout\'s PictureQueue (2 running, 6 waiting) when it ' +
        "has one. The sign-in stand-in runs scrypt on libuv's thread pool every 50 ms, as " +
        'password checks do, and its slowest wait is what an unrelated request would have felt. ' +
        'With the line, six at once may take longer on the clock (two run at a time, by design) ' +
        'while needing less CPU and memory; the original is now re-encoded too (a PNG of 16 MP ' +
        'costs about 0.2 s of it), which the older checkout never did.\n',
    )
  }
} finally {
  rmSync(scratch, { recursive: true, force: true })
}
