import { defineFuzzSuite } from '../test/fuzz/suite'

// Issue 14: login, logout, bootstrap, account and settings routes under the property-based fuzz.
await defineFuzzSuite('account')
