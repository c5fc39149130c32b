import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Group,
  NativeSelect,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { createContext, useContext, useState } from 'react'
import type { StaffCategory } from '../../../../contracts/staff-catalogue'
import { PlusIcon } from '../../../components/icons/Icons'
import { LoadError } from '../../../components/LoadError'
import { useTranslation } from '../../../i18n/use-translation'
import { announce } from '../../../lib/announce'
import { describeError } from '../../../lib/error-message'
import { useSession } from '../../../lib/session-context'
import { useAddCategory, useCategories, useChangeCategory, useReorderCategories } from './catalogue-setup-api'
import { childrenByParent, selfAndDescendants, treeOrder } from './category-tree'
import { FormModal, useDialog, useFormFailure } from './FormModal'
import { MoveButtons, moved } from './MoveButtons'
import { ChevronRightIcon, PencilIcon } from './setup-icons'

const C = 'catalogueSetup.categories'
/** Past this many categories the tree opens folded: the top level first. */
const FOLDED_ABOVE = 80
const TOP = 'top'

type Dialog = { kind: 'add'; parentId: number | null } | { kind: 'edit'; category: StaffCategory }

interface TreeContext {
  children: Map<number | null, StaffCategory[]>
  isOpen: (id: number) => boolean
  toggle: (id: number) => void
  canWrite: boolean
  move: (category: StaffCategory, delta: -1 | 1) => void
  open: (dialog: Dialog) => void
}

const Tree = createContext<TreeContext | null>(null)
const useTree = () => useContext(Tree)!

/** A category's name in the reader's language (English: its English name where it has one). */
function useCategoryName() {
  const { locale } = useSession()
  return (category: StaffCategory) => (locale === 'en' && category.nameEn) || category.name
}

function CategoryRow({ category, index, count }: { category: StaffCategory; index: number; count: number }) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const tree = useTree()
  const nameOf = useCategoryName()
  const name = nameOf(category)
  const kids = tree.children.get(category.id) ?? []
  const open = tree.isOpen(category.id)
  const listId = `category-children-${category.id}`
  // The other language's name, when the category has both.
  const other = locale === 'en' ? (category.nameEn ? category.name : null) : (category.nameEn ?? null)
  return (
    <li data-testid="category-row" data-category={category.id} data-depth={category.depth}>
      <Group
        gap="xs"
        wrap="wrap"
        py={6}
        pr="xs"
        style={{
          paddingInlineStart: `${category.depth * 1.75 + 0.25}rem`,
          borderBottom: '1px solid var(--mantine-color-gray-2)',
        }}
      >
        <Group gap="xs" wrap="nowrap" style={{ flex: '1 1 14rem', minWidth: 0 }}>
          {kids.length > 0 ? (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-expanded={open}
              aria-controls={open ? listId : undefined}
              aria-label={t(open ? `${C}.collapse` : `${C}.expand`, { name })}
              onClick={() => tree.toggle(category.id)}
            >
              <ChevronRightIcon
                style={{ transform: open ? 'rotate(90deg)' : undefined, transition: 'transform 120ms' }}
              />
            </ActionIcon>
          ) : (
            <Box w={34} style={{ flex: 'none' }} />
          )}
          <Box style={{ minWidth: 0, flex: 1 }}>
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
              {t(`${C}.code`, { code: category.code })}
              {other ? ` · ${t(`${C}.otherName`, { name: other })}` : ''}
            </Text>
          </Box>
          <Badge variant="light" color="gray" tt="none" style={{ flex: 'none' }} data-testid="category-count">
            {t(`${C}.productCount`, { count: category.productCount })}
          </Badge>
        </Group>
        {tree.canWrite && (
          <Group gap={2} wrap="nowrap" ml="auto">
            <MoveButtons
              moveKey={`category-${category.id}`}
              index={index}
              count={count}
              upLabel={t(`${C}.moveUp`, { name })}
              downLabel={t(`${C}.moveDown`, { name })}
              onMove={(delta) => tree.move(category, delta)}
            />
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label={t(`${C}.addUnder`, { name })}
              onClick={() => tree.open({ kind: 'add', parentId: category.id })}
            >
              <PlusIcon size={18} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label={t(`${C}.edit`, { name })}
              onClick={() => tree.open({ kind: 'edit', category })}
              data-testid={`category-edit-${category.id}`}
            >
              <PencilIcon />
            </ActionIcon>
          </Group>
        )}
      </Group>
      {kids.length > 0 && open && (
        <CategoryList id={listId} parentId={category.id} label={t(`${C}.childrenOf`, { name })} />
      )}
    </li>
  )
}

function CategoryList({ id, parentId, label }: { id?: string; parentId: number | null; label: string }) {
  const tree = useTree()
  const siblings = tree.children.get(parentId) ?? []
  return (
    <ul id={id} aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {siblings.map((category, index) => (
        <CategoryRow key={category.id} category={category} index={index} count={siblings.length} />
      ))}
    </ul>
  )
}

/** The parent choices: the top level, then every category (indented by depth) but those left out. */
function ParentSelect({
  items,
  value,
  onChange,
  exclude,
  error,
}: {
  items: StaffCategory[]
  value: number | null
  onChange: (parentId: number | null) => void
  exclude: Set<number>
  error: string | undefined
}) {
  const { t } = useTranslation()
  const nameOf = useCategoryName()
  const data = [
    { value: TOP, label: t(`${C}.topLevel`) },
    ...treeOrder(items)
      .filter((c) => !exclude.has(c.id))
      .map((c) => ({
        value: String(c.id),
        // Native options keep no-break spaces: the depth shows as indentation.
        label: `${'\u00a0\u00a0\u00a0'.repeat(c.depth)}${nameOf(c)} (${c.code})`,
      })),
  ]
  return (
    <NativeSelect
      label={t(`${C}.parent`)}
      description={t(`${C}.parentHelp`)}
      data={data}
      value={value === null ? TOP : String(value)}
      onChange={(event) => {
        const next = event.currentTarget.value
        onChange(next === TOP ? null : Number(next))
      }}
      error={error}
      data-testid="category-parent"
    />
  )
}

const blankToNull = (text: string) => (text.trim() === '' ? null : text.trim())

function AddCategoryModal({
  items,
  parentId,
  onClose,
  onAdded,
}: {
  items: StaffCategory[]
  parentId: number | null
  onClose: () => void
  onAdded: (made: StaffCategory) => void
}) {
  const { t } = useTranslation()
  const add = useAddCategory()
  const failure = useFormFailure(['code', 'name', 'nameEn', 'parentId'])
  const [code, setCode] = useState('')
  const [name, setName] = useState('')
  const [nameEn, setNameEn] = useState('')
  const [parent, setParent] = useState(parentId)
  const submit = () => {
    failure.clear()
    add.mutate(
      { code: code.trim(), name: name.trim(), nameEn: blankToNull(nameEn), parentId: parent },
      {
        onSuccess: (made) => {
          notifications.show({ color: 'green', message: t(`${C}.added`, { name: made.name }) })
          onAdded(made)
        },
        onError: (error) => failure.fail(error),
      },
    )
  }
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t(`${C}.addTitle`)}
      submitLabel={t(`${C}.addSubmit`)}
      busy={add.isPending}
      onSubmit={submit}
      message={failure.message}
      testId="category-add-form"
    >
      <TextInput
        label={t(`${C}.codeLabel`)}
        description={t('catalogueSetup.codeHelp')}
        required
        data-autofocus
        value={code}
        maxLength={40}
        autoComplete="off"
        onChange={(event) => {
          setCode(event.currentTarget.value)
          failure.clear('code')
        }}
        error={failure.fields.code}
      />
      <TextInput
        label={t(`${C}.nameLabel`)}
        required
        value={name}
        maxLength={200}
        onChange={(event) => {
          setName(event.currentTarget.value)
          failure.clear('name')
        }}
        error={failure.fields.name}
      />
      <TextInput
        label={t(`${C}.nameEnLabel`)}
        description={t(`${C}.nameEnHelp`)}
        value={nameEn}
        maxLength={200}
        onChange={(event) => {
          setNameEn(event.currentTarget.value)
          failure.clear('nameEn')
        }}
        error={failure.fields.nameEn}
      />
      <ParentSelect
        items={items}
        value={parent}
        exclude={new Set()}
        onChange={(next) => {
          setParent(next)
          failure.clear('parentId')
        }}
        error={failure.fields.parentId}
      />
    </FormModal>
  )
}

function EditCategoryModal({
  items,
  category,
  onClose,
  onSaved,
}: {
  items: StaffCategory[]
  category: StaffCategory
  onClose: () => void
  onSaved: (saved: StaffCategory) => void
}) {
  const { t } = useTranslation()
  const change = useChangeCategory()
  const failure = useFormFailure(['name', 'nameEn', 'parentId'])
  const [name, setName] = useState(category.name)
  const [nameEn, setNameEn] = useState(category.nameEn ?? '')
  const [parent, setParent] = useState(category.parentId)
  const submit = () => {
    failure.clear()
    // Only what changed is sent.
    const patch = {
      ...(name.trim() !== category.name ? { name: name.trim() } : {}),
      ...(blankToNull(nameEn) !== category.nameEn ? { nameEn: blankToNull(nameEn) } : {}),
      ...(parent !== category.parentId ? { parentId: parent } : {}),
    }
    if (Object.keys(patch).length === 0) return onClose()
    change.mutate(
      { id: category.id, ...patch },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', message: t('catalogueSetup.saved', { name: saved.name }) })
          onSaved(saved)
        },
        onError: (error) => failure.fail(error),
      },
    )
  }
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t(`${C}.editTitle`, { code: category.code })}
      submitLabel={t('catalogueSetup.save')}
      busy={change.isPending}
      onSubmit={submit}
      message={failure.message}
      testId="category-edit-form"
    >
      <TextInput
        label={t(`${C}.nameLabel`)}
        required
        data-autofocus
        value={name}
        maxLength={200}
        onChange={(event) => {
          setName(event.currentTarget.value)
          failure.clear('name')
        }}
        error={failure.fields.name}
      />
      <TextInput
        label={t(`${C}.nameEnLabel`)}
        description={t(`${C}.nameEnHelp`)}
        value={nameEn}
        maxLength={200}
        onChange={(event) => {
          setNameEn(event.currentTarget.value)
          failure.clear('nameEn')
        }}
        error={failure.fields.nameEn}
      />
      <ParentSelect
        items={items}
        value={parent}
        // Never under itself or one of its own subcategories (the server refuses those too).
        exclude={selfAndDescendants(items, category.id)}
        onChange={(next) => {
          setParent(next)
          failure.clear('parentId')
        }}
        error={failure.fields.parentId}
      />
    </FormModal>
  )
}

/** The categories as a tree: each with its code and product count, added, renamed, moved and reordered. */
export function CategoriesPanel({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation()
  const categories = useCategories()
  const reorder = useReorderCategories()
  const nameOf = useCategoryName()
  const { dialog, open, close } = useDialog<Dialog>()
  // Null until the reader folds or unfolds something: then a small tree is open, a large one folded.
  const [folded, setFolded] = useState<Set<number> | null>(null)

  if (categories.isError && !categories.data) {
    return (
      <LoadError title={t(`${C}.loadError`)} error={categories.error} onRetry={() => categories.refetch()} />
    )
  }
  if (!categories.data) {
    return (
      <Stack gap="xs" role="status" aria-label={t(`${C}.loading`)}>
        <Skeleton height={40} />
        <Skeleton height={40} />
        <Skeleton height={40} />
      </Stack>
    )
  }
  const items = categories.data.items
  const children = childrenByParent(items)
  const parents = new Set(items.filter((c) => children.has(c.id)).map((c) => c.id))
  const foldedNow = folded ?? (items.length > FOLDED_ABOVE ? parents : new Set<number>())
  const unfold = (id: number | null) => {
    if (id === null || !foldedNow.has(id)) return
    const next = new Set(foldedNow)
    next.delete(id)
    setFolded(next)
  }
  const context: TreeContext = {
    children,
    isOpen: (id) => !foldedNow.has(id),
    toggle: (id) => {
      const next = new Set(foldedNow)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      setFolded(next)
    },
    canWrite,
    move: (category, delta) => {
      const siblings = children.get(category.parentId) ?? []
      const index = siblings.findIndex((c) => c.id === category.id)
      const ids = moved(
        siblings.map((c) => c.id),
        index,
        delta,
      )
      reorder.mutate(
        { parentId: category.parentId, ids },
        { onError: (error) => notifications.show({ color: 'red', message: describeError(error, t) }) },
      )
      announce(
        t(`${C}.movedTo`, { name: nameOf(category), position: index + delta + 1, count: siblings.length }),
      )
    },
    open,
  }
  return (
    <Stack gap="sm" pt="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={() => setFolded(new Set())}>
            {t(`${C}.expandAll`)}
          </Button>
          <Button variant="default" size="xs" onClick={() => setFolded(new Set(parents))}>
            {t(`${C}.collapseAll`)}
          </Button>
        </Group>
        {canWrite && (
          <Button leftSection={<PlusIcon size={18} />} onClick={() => open({ kind: 'add', parentId: null })}>
            {t(`${C}.add`)}
          </Button>
        )}
      </Group>
      {items.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t(`${C}.empty`)}
        </Text>
      ) : (
        <Box style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }} data-testid="category-tree">
          <Tree.Provider value={context}>
            <CategoryList parentId={null} label={t(`${C}.listLabel`)} />
          </Tree.Provider>
        </Box>
      )}
      {dialog?.kind === 'add' && (
        <AddCategoryModal
          items={items}
          parentId={dialog.parentId}
          onClose={close}
          onAdded={(made) => {
            unfold(made.parentId)
            close()
          }}
        />
      )}
      {dialog?.kind === 'edit' && (
        <EditCategoryModal
          items={items}
          category={dialog.category}
          onClose={close}
          onSaved={(saved) => {
            unfold(saved.parentId)
            close()
          }}
        />
      )}
    </Stack>
  )
}
