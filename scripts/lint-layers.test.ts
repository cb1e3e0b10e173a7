import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { ESLint } from 'eslint'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * `npm run lint` fails on an import that breaks a layer of docs/architecture.md or closes a cycle:
 * probe files that do each are written into the layers they break (in a folder of their own,
 * removed afterwards) and linted with the repository's own eslint.config.js. A control probe that
 * imports only what its layer may import gets no message, so the rules do not simply fail
 * everything.
 */
const root = resolve(import.meta.dirname, '..')
const PROBE_DIR = '__lint_probe__'
const ZONES = 'import-x/no-restricted-paths'
const CYCLE = 'import-x/no-cycle'
const ALONE = 'no-restricted-imports'

interface Probe {
  file: string
  source: string
  /** The rule that must report the probe's import, or none for the control. */
  rule: string | null
  /** Part of the message, where another zone would report the import too. */
  says?: string
}

const probe = (folder: string, name: string, from: string, rule: string | null): Probe => ({
  file: join(folder, PROBE_DIR, name),
  source: `import * as imported from '${from}'\nexport const probe = imported\n`,
  rule,
})

const PROBES: Record<string, Probe> = {
  'sw/ imports src/': probe('sw', 'app.ts', '../../src/api/client', ZONES),
  'src/lib imports src/api': probe('src/lib', 'api.ts', '../../api/client', ZONES),
  'src/components imports a feature': probe('src/components', 'f.ts', '../../features/lots', ZONES),
  'src/components imports src/api': probe('src/components', 'api.ts', '../../api/client', ZONES),
  'src/api imports src/offline': probe('src/api', 'offline.ts', '../../offline/online', ZONES),
  'src/i18n imports a feature': probe('src/i18n', 'f.ts', '../../features/lots', ZONES),
  'a feature imports inside another': probe(
    'src/features/watchlist',
    'inside.ts',
    '../../lots/components/StatusChip',
    ZONES,
  ),
  'lots imports the watchlist': {
    ...probe('src/features/lots', 'watchlist.ts', '../../watchlist/WatchlistScreen', ZONES),
    says: 'lots never imports it back',
  },
  'src/ imports server/': probe('src/app', 'server.ts', '../../../server/lib/problem.ts', ZONES),
  'server/lib imports a job': probe('server/lib', 'job.ts', '../../jobs/scheduler.ts', ZONES),
  'server/lib imports a plugin': probe('server/lib', 'pl.ts', '../../plugins/session.ts', ZONES),
  'server/domain imports a repository': probe(
    'server/domain',
    'repo.ts',
    '../../repositories/lots.ts',
    ZONES,
  ),
  'a decider imports a repository': {
    ...probe('server/commands/lots', 'decide-probe.ts', '../../../repositories/lots.ts', ZONES),
    says: 'A decider imports no repository',
  },
  'server/lib imports the domain': probe('server/lib', 'dom.ts', '../../domain/lot.ts', ZONES),
  'common/ imports tests/': probe('common', 'tests.ts', '../../tests/free-port.ts', ZONES),
  'common/ imports src/': probe('common', 'src.ts', '../../src/i18n/intl', ZONES),
  'server/realtime imports the app': probe(
    'server/realtime',
    'app.ts',
    '../../lib/problem.ts',
    ALONE,
  ),
  'server/realtime imports the test kit': probe(
    'server/realtime',
    'kit.ts',
    '../../../tests/realtime/kit.ts',
    ALONE,
  ),
  'a real-time test imports the app': probe(
    'server/realtime',
    'app.test.ts',
    '../../lib/problem.ts',
    ALONE,
  ),
  'a real-time test through tests/ to the app': probe(
    'server/realtime',
    'around.test.ts',
    '../../../tests/../server/lib/problem.ts',
    ALONE,
  ),
  'control: a real-time test imports the test kit': probe(
    'server/realtime',
    'kit.test.ts',
    '../../../tests/realtime/kit.ts',
    null,
  ),
  'a cycle': probe('src/lib', 'cycle-a.ts', './cycle-b', CYCLE),
  'the other end of the cycle': probe('src/lib', 'cycle-b.ts', './cycle-a', CYCLE),
  'control: what the layers allow': {
    file: join('src/features/watchlist', PROBE_DIR, 'allowed.ts'),
    source: [
      "import { StatusChip } from '../../lots'",
      "import { api } from '../../../api/client'",
      "import { useT } from '../../../i18n'",
      "import { codeForStatus } from '../../../../common/errors'",
      'export const probe = { StatusChip, api, useT, codeForStatus }',
      '',
    ].join('\n'),
    rule: null,
  },
}

const probeFolders = [...new Set(Object.values(PROBES).map((p) => dirname(join(root, p.file))))]
const messages = new Map<string, { ruleId: string | null; message: string }[]>()

beforeAll(async () => {
  for (const { file, source } of Object.values(PROBES)) {
    mkdirSync(dirname(join(root, file)), { recursive: true })
    writeFileSync(join(root, file), source)
  }
  try {
    const eslint = new ESLint({ cwd: root })
    const results = await eslint.lintFiles(Object.values(PROBES).map((p) => p.file))
    for (const result of results) messages.set(result.filePath, result.messages)
  } finally {
    removeProbes()
  }
}, 120_000)

afterAll(removeProbes)

function removeProbes() {
  for (const folder of probeFolders) rmSync(folder, { recursive: true, force: true })
}

describe('npm run lint enforces the layers and forbids cycles', () => {
  it.each(Object.entries(PROBES))('%s', (_name, { file, rule, says }) => {
    const found = messages.get(join(root, file))
    expect(found, `${file} was linted`).toBeDefined()
    if (rule === null) expect(found).toEqual([])
    else expect(found?.map((m) => m.ruleId)).toContain(rule)
    if (says) expect(found?.map((m) => m.message).join('\n')).toContain(says)
  })
})
