import { http } from 'msw'
import { ENTITY_HISTORY_LIMIT, type EntityHistoryRow, entityHistorySchema } from '../../contracts/audit'
import { apiJson } from './network'

/**
 * GET /yonetim/history/{entity}/{entityId} answered with these changes (any record), and `total` in
 * all: the history a staff page of a record asks for beside the record itself.
 */
export function historyHandler(rows: EntityHistoryRow[] = [], total = rows.length) {
  return http.get('/yonetim/history/:entity/:entityId', () =>
    apiJson(entityHistorySchema, { items: rows, total, limit: ENTITY_HISTORY_LIMIT }),
  )
}
