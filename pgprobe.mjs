import { PGlite } from '@electric-sql/pglite'
import { readFile } from 'node:fs/promises'
let t = performance.now()
const bytes = await readFile(new URL('./node_modules/@electric-sql/pglite/dist/pglite.wasm', 'file:///work/main/'))
const mod = await WebAssembly.compile(bytes)
console.log('compile', (performance.now() - t).toFixed(0)); t = performance.now()
const fsb = new Blob([await readFile('/work/main/node_modules/@electric-sql/pglite/dist/pglite.data')])
for (let i = 0; i < 3; i++) {
  t = performance.now()
  const p = await PGlite.create({ wasmModule: mod, fsBundle: fsb })
  console.log('create with module', (performance.now() - t).toFixed(0))
  await p.close()
}
t = performance.now()
const q = await PGlite.create()
console.log('create plain', (performance.now() - t).toFixed(0))
const dump = await q.dumpDataDir('none'); await q.close()
t = performance.now()
const r = await PGlite.create({ wasmModule: mod, fsBundle: fsb, loadDataDir: dump })
console.log('load dump with module', (performance.now() - t).toFixed(0))
