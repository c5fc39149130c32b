import type { StaffCategory } from '../../../../contracts/staff-catalogue'

/** Each parent's children (null: the top level), siblings by their order then id, as the server orders them. */
export function childrenByParent(items: readonly StaffCategory[]): Map<number | null, StaffCategory[]> {
  const children = new Map<number | null, StaffCategory[]>()
  for (const item of items) children.set(item.parentId, [...(children.get(item.parentId) ?? []), item])
  for (const list of children.values()) list.sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)
  return children
}

/** Parents before their children, siblings in order: the order the tree is drawn in. */
export function treeOrder(items: readonly StaffCategory[]): StaffCategory[] {
  const children = childrenByParent(items)
  const ordered: StaffCategory[] = []
  const visit = (parentId: number | null) => {
    for (const item of children.get(parentId) ?? []) {
      ordered.push(item)
      visit(item.id)
    }
  }
  visit(null)
  return ordered
}

/** The list with one parent's children put in this order (a move shown before the server answers). */
export function withSiblingOrder(items: readonly StaffCategory[], ids: readonly number[]): StaffCategory[] {
  const place = new Map(ids.map((id, index) => [id, index]))
  return treeOrder(
    items.map((item) => (place.has(item.id) ? { ...item, sortOrder: place.get(item.id)! } : item)),
  )
}

/** The category and every category under it: none of them can become its parent. */
export function selfAndDescendants(items: readonly StaffCategory[], id: number): Set<number> {
  const children = childrenByParent(items)
  const found = new Set<number>([id])
  const visit = (parentId: number) => {
    for (const child of children.get(parentId) ?? []) {
      found.add(child.id)
      visit(child.id)
    }
  }
  visit(id)
  return found
}
