import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { foldTurkish } from '../../domain/turkish-text'
import { foldTurkishSql } from '../../domain/turkish-text.sql'
import { queryRows } from '../test/db-helpers'
import { createTestDatabase } from '../test/test-database'
import type { Database } from './client'

/*
 * The Turkish fold is written once in domain/turkish-text.ts and its SQL twin in
 * domain/turkish-text.sql.ts: the database must fold every word here as foldTurkish does.
 */

let database: Database

beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database.close())

const WORDS = [
  'IĞDIR',
  'ığdır',
  'İstanbul',
  'ŞANZIMAN',
  'Çınar',
  'Öztürk Hırdavat Ltd. Şti.',
  'GÜNEŞ',
  'kâğıt',
  'Îmar',
  'Ûmit',
  'Vida 4x40',
  'abc-123',
]

describe('foldTurkishSql', () => {
  it('folds every word as foldTurkish does', async () => {
    const rows = await queryRows<{ word: string; folded: string }>(
      database.db,
      sql`select w.word, ${foldTurkishSql(sql`w.word`)} as folded
          from unnest(array[${sql.join(
            WORDS.map((w) => sql`${w}::text`),
            sql`, `,
          )}]) with ordinality as w(word, n) order by w.n`,
    )
    expect(rows.map((r) => r.folded)).toEqual(WORDS.map(foldTurkish))
  })
})
