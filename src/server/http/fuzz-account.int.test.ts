import { defineFuzzSuite } from '../test/fuzz/suite'

// Login, logout, bootstrap, account and settings routes under the property-based fuzz.
await defineFuzzSuite('account')
