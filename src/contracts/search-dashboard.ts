import { z } from 'zod'
import { DEFAULT_SEARCH_PERIOD, searchPeriods } from '../domain/search-periods'
import { inputText } from './common'

/*
 * The staff search dashboard (spec/2 §2 "Staff search dashboard", §3, §7): what dealers search for,
 * who searches most, the latest searches and the searches that found nothing, over a period of whole
 * Istanbul days. Dates come formatted as the spec has them: 'dd.MM.yyyy HH:mm' in Istanbul.
 */

export type { SearchPeriod } from '../domain/search-periods'
export { searchPeriods }

/** Rows of each table; rows of a hover detail; rows a dashboard search answers. */
export const TOP_LIMIT = 20
export const DETAIL_LIMIT = 10
export const SEARCH_RESULT_LIMIT = 50
/** Users a user search may match (by name or e-mail) before their words are counted. */
export const MATCHED_USERS_LIMIT = 20

const periodSchema = z.enum(searchPeriods).default(DEFAULT_SEARCH_PERIOD)

/** GET /yonetim/top-queries?period=today|7d|30d (7d when not given). */
export const topQueriesQuerySchema = z.object({ period: periodSchema })

/** A user of a detail or a result; null: searches made without logging in. */
const userNameSchema = z.string().nullable()

export const topQuerySchema = z.object({
  /** The word as it was last typed; spellings that fold alike ("Şanzıman", "sanziman") count as one. */
  query: z.string(),
  count: z.number(),
  /** The latest search of the word. */
  formattedCreatedAt: z.string(),
  /** The users who searched it most, with their totals. */
  detail: z.array(z.object({ userName: userNameSchema, totalCount: z.number() })),
})
export type TopQuery = z.infer<typeof topQuerySchema>

const userWordSchema = z.object({
  searchQuery: z.string(),
  searchCount: z.number(),
  formattedCreatedAt: z.string(),
})

export const topUserSchema = z.object({
  name: z.string(),
  count: z.number(),
  /** The words this user searched most, with their counts and latest dates. */
  detail: z.array(userWordSchema),
})
export type TopUser = z.infer<typeof topUserSchema>

export const lastQuerySchema = z.object({
  name: userNameSchema,
  query: z.string(),
  formattedCreatedAt: z.string(),
})
export type LastQuery = z.infer<typeof lastQuerySchema>

/** A word searched without a result: how often, and when last. */
export const zeroResultQuerySchema = z.object({
  query: z.string(),
  count: z.number(),
  formattedCreatedAt: z.string(),
})
export type ZeroResultQuery = z.infer<typeof zeroResultQuerySchema>

export const topQueriesSchema = z.object({
  period: z.enum(searchPeriods),
  topQueries: z.array(topQuerySchema),
  topUsers: z.array(topUserSchema),
  lastQueries: z.array(lastQuerySchema),
  zeroResultQueries: z.array(zeroResultQuerySchema),
})
export type TopQueries = z.infer<typeof topQueriesSchema>

/** 'kelime': who searched a word; 'kullanıcı' (or the ASCII 'kullanici'): what a user searched. */
export const searchTypes = ['kelime', 'kullanıcı'] as const
export type SearchType = (typeof searchTypes)[number]

/**
 * GET /yonetim/search_queries?query=&type=&period= — the term is trimmed; a blank one is refused by
 * the service with the spec's message. No control characters (the log holds none).
 */
export const searchQueriesQuerySchema = z.object({
  query: inputText().max(200).default(''),
  type: z
    .enum(['kelime', 'kullanıcı', 'kullanici'])
    .default('kelime')
    .transform((type): SearchType => (type === 'kelime' ? 'kelime' : 'kullanıcı')),
  period: periodSchema,
})

/** A word search: each user who searched the word, how often and when last. */
export const wordSearchRowSchema = z.object({
  userName: userNameSchema,
  totalCount: z.number(),
  formattedCreatedAt: z.string(),
})
export type WordSearchRow = z.infer<typeof wordSearchRowSchema>

/** A user search: each word of each matching user (by name, company name or e-mail), how often and when last. */
export const userSearchRowSchema = userWordSchema.extend({ userName: z.string() })
export type UserSearchRow = z.infer<typeof userSearchRowSchema>

export const searchQueriesSchema = z.discriminatedUnion('type', [
  z.object({
    success: z.literal(true),
    type: z.literal('kelime'),
    period: z.enum(searchPeriods),
    searchQuery: z.string(),
    searchResult: z.array(wordSearchRowSchema),
  }),
  z.object({
    success: z.literal(true),
    type: z.literal('kullanıcı'),
    period: z.enum(searchPeriods),
    searchQuery: z.string(),
    searchResult: z.array(userSearchRowSchema),
  }),
])
export type SearchQueries = z.infer<typeof searchQueriesSchema>
