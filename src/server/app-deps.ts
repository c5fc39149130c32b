import type { Config } from './config'
import type { Database } from './db/client'
import type { Mailer } from './integrations/mail/mailer'
import type { LoginThrottle } from './modules/account/login-throttle'
import type { SearchLog } from './modules/search/search-log'

/** What the app is built from: tests pass their own database, clock and throttle. */
export type AppDeps = {
  config: Config
  database: Database
  throttle: LoginThrottle
  now: () => Date
  searchLog: SearchLog
  mailer: Mailer
}
