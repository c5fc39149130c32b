import { type SQL, type SQLWrapper, sql } from 'drizzle-orm'

/*
 * The SQL twin of turkish-text.ts's foldTurkish for the letters of Turkish text, for the queries that
 * must match folded text in the database (a name prefix on its index, a person's name or company in
 * the search dashboard). It lower-cases after mapping the Turkish letters and the circumflexed vowels;
 * turkish-text-sql.int.test.ts runs it against foldTurkish on the same words.
 */
export function foldTurkishSql(text: SQLWrapper): SQL {
  return sql`lower(translate(${text}, 'ŞşİIıĞğÇçÖöÜüÂâÎîÛû', 'ssiiiggccoouuaaiiuu'))`
}
