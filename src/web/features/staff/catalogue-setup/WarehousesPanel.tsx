import { ActionIcon, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { DataTable } from 'mantine-datatable'
import type { StaffWarehouse } from '../../../../contracts/staff-catalogue'
import { PlusIcon } from '../../../components/icons/Icons'
import { LoadError } from '../../../components/LoadError'
import { useTranslation } from '../../../i18n/use-translation'
import { announce } from '../../../lib/announce'
import { describeError } from '../../../lib/error-message'
import { useSession } from '../../../lib/session-context'
import { usePhoneLayout } from '../../../lib/use-phone-layout'
import { CodeNameModal } from './CodeNameModal'
import {
  useAddWarehouse,
  useRenameWarehouse,
  useReorderWarehouses,
  useWarehouses,
} from './catalogue-setup-api'
import { useDialog } from './FormModal'
import { MoveButtons, moved } from './MoveButtons'
import { countText } from './setup-format'
import { PencilIcon } from './setup-icons'

const W = 'catalogueSetup.warehouses'

type Dialog = { kind: 'add' } | { kind: 'rename'; warehouse: StaffWarehouse }

interface ListProps {
  items: StaffWarehouse[]
  canWrite: boolean
  move: (index: number, delta: -1 | 1) => void
  open: (dialog: Dialog) => void
}

function RowButtons({
  warehouse,
  index,
  items,
  move,
  open,
}: Omit<ListProps, 'canWrite'> & {
  warehouse: StaffWarehouse
  index: number
}) {
  const { t } = useTranslation()
  return (
    <Group gap={2} wrap="nowrap" justify="flex-end">
      <MoveButtons
        moveKey={`warehouse-${warehouse.id}`}
        index={index}
        count={items.length}
        upLabel={t(`${W}.moveUp`, { name: warehouse.name })}
        downLabel={t(`${W}.moveDown`, { name: warehouse.name })}
        onMove={(delta) => move(index, delta)}
      />
      <ActionIcon
        variant="subtle"
        size="lg"
        aria-label={t(`${W}.rename`, { name: warehouse.name })}
        onClick={() => open({ kind: 'rename', warehouse })}
      >
        <PencilIcon />
      </ActionIcon>
    </Group>
  )
}

function WarehouseTable(props: ListProps) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const { items, canWrite } = props
  return (
    <DataTable<StaffWarehouse>
      withTableBorder
      borderRadius="sm"
      striped
      aria-label={t(`${W}.listLabel`)}
      records={items}
      idAccessor="id"
      data-testid="warehouses-table"
      columns={[
        {
          accessor: 'sortOrder',
          title: t(`${W}.columns.order`),
          width: 70,
          textAlign: 'right',
          render: (_w, index) => index + 1,
        },
        { accessor: 'code', title: t(`${W}.columns.code`), noWrap: true },
        { accessor: 'name', title: t(`${W}.columns.name`) },
        {
          accessor: 'totalQuantity',
          title: t(`${W}.columns.stock`),
          textAlign: 'right',
          noWrap: true,
          render: (w) => countText(w.totalQuantity, locale),
        },
        ...(canWrite
          ? [
              {
                accessor: 'actions',
                title: t(`${W}.columns.actions`),
                textAlign: 'right' as const,
                render: (warehouse: StaffWarehouse, index: number) => (
                  <RowButtons warehouse={warehouse} index={index} {...props} />
                ),
              },
            ]
          : []),
      ]}
    />
  )
}

function WarehouseCards(props: ListProps) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const { items, canWrite } = props
  return (
    <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t(`${W}.listLabel`)}>
      {items.map((warehouse, index) => (
        <Card component="li" key={warehouse.id} withBorder padding="sm" data-testid="warehouse-card">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {index + 1}. {warehouse.name}
              </Text>
              <Text size="xs" c="gray.7">
                {warehouse.code} ·{' '}
                {t(`${W}.stockLine`, { quantity: countText(warehouse.totalQuantity, locale) })}
              </Text>
            </Stack>
            {canWrite && <RowButtons warehouse={warehouse} index={index} {...props} />}
          </Group>
        </Card>
      ))}
    </Stack>
  )
}

/** The warehouses in their order with the stock in each: added, renamed, moved up and down. */
export function WarehousesPanel({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation()
  const phone = usePhoneLayout()
  const warehouses = useWarehouses()
  const add = useAddWarehouse()
  const rename = useRenameWarehouse()
  const reorder = useReorderWarehouses()
  const { dialog, open, close } = useDialog<Dialog>()

  if (warehouses.isError && !warehouses.data) {
    return (
      <LoadError title={t(`${W}.loadError`)} error={warehouses.error} onRetry={() => warehouses.refetch()} />
    )
  }
  if (!warehouses.data) {
    return (
      <Stack gap="xs" pt="md" role="status" aria-label={t(`${W}.loading`)}>
        <Skeleton height={40} />
        <Skeleton height={40} />
      </Stack>
    )
  }
  const items = warehouses.data.items
  const move = (index: number, delta: -1 | 1) => {
    const warehouse = items[index]!
    reorder.mutate(moved(items, index, delta), {
      onError: (error) => notifications.show({ color: 'red', message: describeError(error, t) }),
    })
    announce(t(`${W}.movedTo`, { name: warehouse.name, position: index + delta + 1, count: items.length }))
  }
  const list = { items, canWrite, move, open }
  return (
    <Stack gap="sm" pt="md">
      {canWrite && (
        <Group justify="flex-end">
          <Button leftSection={<PlusIcon size={18} />} onClick={() => open({ kind: 'add' })}>
            {t(`${W}.add`)}
          </Button>
        </Group>
      )}
      {items.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t(`${W}.empty`)}
        </Text>
      ) : phone ? (
        <WarehouseCards {...list} />
      ) : (
        <WarehouseTable {...list} />
      )}
      {dialog?.kind === 'add' && (
        <CodeNameModal
          title={t(`${W}.addTitle`)}
          submitLabel={t(`${W}.addSubmit`)}
          codeLabel={t(`${W}.codeLabel`)}
          nameLabel={t(`${W}.nameLabel`)}
          withCode
          save={(values) =>
            add.mutateAsync(values).then((made) => {
              notifications.show({ color: 'green', message: t(`${W}.added`, { name: made.name }) })
              close()
            })
          }
          onClose={close}
          testId="warehouse-add-form"
        />
      )}
      {dialog?.kind === 'rename' && (
        <CodeNameModal
          title={t(`${W}.renameTitle`, { code: dialog.warehouse.code })}
          submitLabel={t('catalogueSetup.save')}
          nameLabel={t(`${W}.nameLabel`)}
          initialName={dialog.warehouse.name}
          withCode={false}
          save={({ name }) =>
            rename.mutateAsync({ id: dialog.warehouse.id, name }).then((saved) => {
              notifications.show({ color: 'green', message: t('catalogueSetup.saved', { name: saved.name }) })
              close()
            })
          }
          onClose={close}
          testId="warehouse-rename-form"
        />
      )}
    </Stack>
  )
}
