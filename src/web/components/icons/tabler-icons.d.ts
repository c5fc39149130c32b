// The package types only its index; each icon module default-exports one icon of the same type.
declare module '@tabler/icons-react/dist/esm/icons/*.mjs' {
  import type { TablerIcon } from '@tabler/icons-react'

  const icon: TablerIcon
  export default icon
}
