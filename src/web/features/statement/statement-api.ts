import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { Statement } from '../../../contracts/ledger'
import { apiFetch } from '../../lib/api-client'
import { useSession } from '../../lib/session-context'

const STATEMENT_PATH = '/api/account/statement'

/** The range asked for; empty strings mean the server's default (the last 365 days). */
export type StatementRange = { from: string; to: string }

export const statementKeys = {
  all: () => ['account', 'statement'] as const,
  range: (range: StatementRange) => ['account', 'statement', range.from, range.to] as const,
}

/**
 * GET /api/account/statement?from=&to=: the company's ledger in the range. Another range keeps the
 * current one on screen (dimmed) while it loads. A payment changes it, so every visit reads it afresh.
 */
export function useStatement(range: StatementRange) {
  const { user } = useSession()
  return useQuery({
    queryKey: statementKeys.range(range),
    queryFn: ({ signal }) => apiFetch<Statement>(STATEMENT_PATH, { query: range, signal }),
    placeholderData: keepPreviousData,
    enabled: user?.role === 'dealer',
    staleTime: 0,
  })
}
