import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Comments and docs say why, not which ticket asked: someone who clones the repository cannot look an
 * issue number up, so "issue N" or "(issue N, item M)" in the code or the docs tells them nothing.
 */
const ROOTS = ['src', 'e2e', 'scripts', 'bench', 'docs', 'deploy', 'README.md']
const TEXT = /\.(ts|tsx|mjs|cjs|js|css|md|sql|conf|service|example|txt)$/

/** "issue N", "Issue N", "issues N", "issue #N", "issue-N": the ways a ticket gets cited. */
const citesIssue = (line: string) => /\bissues?[\s-]*#?\d+/i.test(line)

function textFiles(root: string): string[] {
  if (TEXT.test(root)) return [root]
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && TEXT.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.split(path.sep).includes('node_modules'))
}

describe('no issue numbers in the code or the docs', () => {
  it('no line of a source, test, bench, deploy or doc file cites an issue number', () => {
    const hits = ROOTS.flatMap(textFiles).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (citesIssue(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    )
    expect(hits).toEqual([])
  })

  it('tells a citation from words that only look alike', () => {
    // The word is put together here so that this file does not cite an issue itself.
    const word = ['iss', 'ue'].join('')
    const cited = [
      `// ${word} 14: the cart`,
      `(${word} 15, item 3)`,
      `see ${word}s 15–16`,
      `${word} #27`,
      `${word}-16`,
    ]
    expect(cited.map(citesIssue)).toEqual([true, true, true, true, true])
    expect(cited.map((line) => citesIssue(line.toUpperCase()))).toEqual([true, true, true, true, true])
    expect(
      ['faultReportIssues(form)', "'AB#1'", 'React error #418', 'an issuer of 12 banks'].map(citesIssue),
    ).toEqual([false, false, false, false])
  })
})
