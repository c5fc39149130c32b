import { defineFuzzSuite } from '../test/fuzz/suite'

// The product lists, product pages, categories, campaigns, autocomplete, fault-report and warranty routes under the property-based fuzz.
await defineFuzzSuite('catalog')
