import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  FileButton,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import { modals } from '@mantine/modals'
import IconChevronLeft from '@tabler/icons-react/dist/esm/icons/IconChevronLeft.mjs'
import IconChevronRight from '@tabler/icons-react/dist/esm/icons/IconChevronRight.mjs'
import IconUpload from '@tabler/icons-react/dist/esm/icons/IconUpload.mjs'
import { type DragEvent, useEffect, useId, useRef, useState } from 'react'
import {
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGES_MAX,
  type ProductImage,
} from '../../../../../contracts/product-images'
import { AlertIcon, decorative, TrashIcon } from '../../../../components/icons/Icons'
import { imageUrl } from '../../../../components/image-url'
import { LoadError } from '../../../../components/LoadError'
import { useTranslation } from '../../../../i18n/use-translation'
import { announce } from '../../../../lib/announce'
import { isApiError } from '../../../../lib/api-error'
import { describeError } from '../../../../lib/error-message'
import { useStaffCan } from '../../use-staff-can'
import {
  useDeleteProductImage,
  useMakeMainImage,
  useProductImages,
  useReorderProductImages,
  useUploadProductImage,
} from './product-images-api'

const N = 'productImages'
const LeftIcon = decorative(IconChevronLeft, 18)
const RightIcon = decorative(IconChevronRight, 18)
const UploadIcon = decorative(IconUpload, 18)

/** What the file chooser offers; the server tells a picture by its content, whatever the browser says. */
const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/gif'
const ACCEPTED_TYPES = new Set(ACCEPT.split(','))
const MB = PRODUCT_IMAGE_MAX_BYTES / 1024 / 1024

type Upload = { key: string; name: string; progress: number }
/** Where the keyboard's focus goes once the list is drawn again after a change. */
type FocusTarget = { id: number; control: 'left' | 'right' | 'card' } | { id: null; control: 'choose' }

function useProblem() {
  const { t } = useTranslation()
  return (error: unknown) => describeError(error, t)
}

/**
 * The product's images for the product editor (its slot takes `productId`): a drop zone and file
 * chooser taking several files (each uploaded on its own, with its progress), the images in order as
 * thumbnails with move left/right, "make main" and delete (asked first). The keyboard's focus stays on
 * the image that moved. A role that only reads sees the images without the controls.
 */
export function ProductImagesSection({ productId }: { productId: number }) {
  const { t } = useTranslation()
  const titleId = useId()
  const canWrite = useStaffCan('catalogue:write')
  const images = useProductImages(productId)
  const upload = useUploadProductImage(productId)
  const reorder = useReorderProductImages(productId)
  const makeMain = useMakeMainImage(productId)
  const remove = useDeleteProductImage(productId)
  const problem = useProblem()
  const [uploads, setUploads] = useState<Upload[]>([])
  const [errors, setErrors] = useState<string[]>([])
  const [dragging, setDragging] = useState(false)
  const controls = useRef(new Map<string, HTMLElement>())
  const focusNext = useRef<FocusTarget | null>(null)
  const items = images.data?.items ?? []
  const busy = reorder.isPending || makeMain.isPending || remove.isPending
  const room = PRODUCT_IMAGES_MAX - items.length - uploads.length

  // After a change is drawn: the moved image's button (its other one at an end of the row), the card.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new list is what moves the focus
  useEffect(() => {
    const target = focusNext.current
    if (!target) return
    focusNext.current = null
    const id = target.id ?? ''
    const order =
      target.control === 'left'
        ? ['left', 'right', 'card']
        : target.control === 'right'
          ? ['right', 'left', 'card']
          : [target.control]
    // A disabled button (the end of the row) cannot hold the focus: the next one that can.
    const element = [
      ...order.map((control) => controls.current.get(`${control}-${id}`)),
      controls.current.get('choose-'),
    ]
      .filter((e): e is HTMLElement => e !== undefined)
      .find((e) => !(e as HTMLButtonElement).disabled)
    element?.focus()
  }, [images.data])

  const refChild = (key: string) => (element: HTMLElement | null) => {
    if (element) controls.current.set(key, element)
    else controls.current.delete(key)
  }

  const failed = (error: unknown) => {
    if (isApiError(error) && error.handled) return
    setErrors([problem(error)])
  }

  async function add(files: File[]) {
    if (files.length === 0 || !canWrite) return
    const problems: string[] = []
    let accepted: File[] = []
    for (const file of files) {
      if (file.size > PRODUCT_IMAGE_MAX_BYTES) problems.push(t(`${N}.tooLarge`, { name: file.name, mb: MB }))
      else if (file.type !== '' && !ACCEPTED_TYPES.has(file.type))
        problems.push(t(`${N}.notImage`, { name: file.name }))
      else accepted.push(file)
    }
    const left = Math.max(0, room)
    if (accepted.length > left) {
      problems.push(left === 0 ? t(`${N}.full`, { max: PRODUCT_IMAGES_MAX }) : t(`${N}.tooMany`, { left }))
      accepted = accepted.slice(0, left)
    }
    setErrors(problems)
    const queued = accepted.map((file, i) => ({
      key: `${Date.now()}-${i}-${file.name}`,
      name: file.name,
      file,
    }))
    setUploads((now) => [...now, ...queued.map(({ key, name }) => ({ key, name, progress: 0 }))])
    let done = 0
    // One file a request, one after another: each has its own progress and its own refusal.
    for (const { key, name, file } of queued) {
      try {
        await upload.mutateAsync({
          file,
          onProgress: (progress) =>
            setUploads((now) => now.map((u) => (u.key === key ? { ...u, progress } : u))),
        })
        done += 1
      } catch (error) {
        if (!(isApiError(error) && error.handled))
          problems.push(t(`${N}.failed`, { name, reason: problem(error) }))
        setErrors([...problems])
      } finally {
        setUploads((now) => now.filter((u) => u.key !== key))
      }
    }
    if (done > 0) announce(t(`${N}.uploaded`, { count: done }))
  }

  const move = (image: ProductImage, index: number, by: -1 | 1) => {
    const to = index + by
    if (busy || to < 0 || to >= items.length) return
    const ids = items.map((i) => i.id)
    ;[ids[index], ids[to]] = [ids[to]!, ids[index]!]
    setErrors([])
    reorder.mutate(ids, {
      onSuccess: () => {
        focusNext.current = { id: image.id, control: by < 0 ? 'left' : 'right' }
        announce(t(`${N}.moved`, { n: to + 1 }))
      },
      onError: failed,
    })
  }

  const setMain = (image: ProductImage) => {
    if (busy) return
    setErrors([])
    makeMain.mutate(image.id, {
      onSuccess: () => {
        focusNext.current = { id: image.id, control: 'card' }
        announce(t(`${N}.madeMain`))
      },
      onError: failed,
    })
  }

  const askDelete = (image: ProductImage, index: number) =>
    modals.openConfirmModal({
      title: t(`${N}.deleteTitle`),
      centered: true,
      children: (
        <Text size="sm">{t(image.isMain ? `${N}.deleteMainText` : `${N}.deleteText`, { n: index + 1 })}</Text>
      ),
      labels: { confirm: t(`${N}.delete`), cancel: t(`${N}.cancel`) },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        setErrors([])
        const next = items[index + 1] ?? items[index - 1]
        remove.mutate(image.id, {
          onSuccess: () => {
            focusNext.current = next ? { id: next.id, control: 'card' } : { id: null, control: 'choose' }
            announce(t(`${N}.deleted`))
          },
          onError: failed,
        })
      },
    })

  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    void add([...event.dataTransfer.files])
  }

  let content: React.ReactNode
  if (images.isError) {
    content = <LoadError title={t(`${N}.loadError`)} error={images.error} onRetry={() => images.refetch()} />
  } else if (!images.data) {
    content = (
      <SimpleGrid cols={{ base: 2, xs: 3, sm: 4 }} role="status" aria-label={t(`${N}.loading`)}>
        <Skeleton height={150} />
        <Skeleton height={150} />
      </SimpleGrid>
    )
  } else if (items.length === 0) {
    content = (
      <Text size="sm" c="dimmed" data-testid="product-images-empty">
        {t(`${N}.empty`)}
      </Text>
    )
  } else {
    content = (
      <SimpleGrid
        component="ol"
        cols={{ base: 2, xs: 3, sm: 4 }}
        spacing="sm"
        aria-label={t(`${N}.list`)}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {items.map((image, index) => {
          const [small, list] = [image.sizes[0]!, image.sizes[1] ?? image.sizes[0]!]
          const n = index + 1
          return (
            <Paper
              key={image.id}
              component="li"
              withBorder
              p="xs"
              tabIndex={-1}
              ref={refChild(`card-${image.id}`)}
              aria-label={t(`${N}.imageAlt`, { n })}
              data-testid="product-image"
              style={
                image.isMain ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : {}
              }
            >
              <Stack gap={6}>
                <img
                  src={imageUrl(list.webp)}
                  srcSet={`${imageUrl(small.webp)} ${small.width}w, ${imageUrl(list.webp)} ${list.width}w`}
                  sizes="(max-width: 36em) 45vw, 200px"
                  alt={t(`${N}.imageAlt`, { n })}
                  width={list.width}
                  height={list.height}
                  loading="lazy"
                  style={{ width: '100%', height: 120, objectFit: 'contain', display: 'block' }}
                />
                <Group justify="space-between" gap={4} wrap="nowrap">
                  <Text size="xs" c="dimmed">
                    {t(`${N}.position`, { n, total: items.length })}
                  </Text>
                  {image.isMain && (
                    <Badge size="sm" variant="filled">
                      {t(`${N}.main`)}
                    </Badge>
                  )}
                </Group>
                {canWrite && (
                  <>
                    {!image.isMain && (
                      <Button
                        size="compact-xs"
                        variant="light"
                        onClick={() => setMain(image)}
                        aria-label={t(`${N}.makeMainOf`, { n })}
                      >
                        {t(`${N}.makeMain`)}
                      </Button>
                    )}
                    <Group gap={4} justify="space-between" wrap="nowrap">
                      <Group gap={4} wrap="nowrap">
                        <ActionIcon
                          variant="default"
                          size="lg"
                          ref={refChild(`left-${image.id}`)}
                          disabled={index === 0}
                          onClick={() => move(image, index, -1)}
                          aria-label={t(`${N}.moveLeftOf`, { n })}
                          title={t(`${N}.moveLeft`)}
                        >
                          <LeftIcon />
                        </ActionIcon>
                        <ActionIcon
                          variant="default"
                          size="lg"
                          ref={refChild(`right-${image.id}`)}
                          disabled={index === items.length - 1}
                          onClick={() => move(image, index, 1)}
                          aria-label={t(`${N}.moveRightOf`, { n })}
                          title={t(`${N}.moveRight`)}
                        >
                          <RightIcon />
                        </ActionIcon>
                      </Group>
                      <ActionIcon
                        variant="light"
                        color="red"
                        size="lg"
                        onClick={() => askDelete(image, index)}
                        aria-label={t(`${N}.deleteOf`, { n })}
                        title={t(`${N}.delete`)}
                      >
                        <TrashIcon size={18} />
                      </ActionIcon>
                    </Group>
                  </>
                )}
              </Stack>
            </Paper>
          )
        })}
      </SimpleGrid>
    )
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId} data-testid="product-images">
      <div>
        <Title order={2} size="h4" id={titleId}>
          {t(`${N}.title`)}
        </Title>
        <Text size="sm" c="dimmed">
          {t(`${N}.help`, { mb: MB, max: PRODUCT_IMAGES_MAX })}
        </Text>
      </div>
      {!canWrite && (
        <Text size="sm" c="gray.7">
          {t(`${N}.readOnly`)}
        </Text>
      )}
      {canWrite && images.data && (
        <Paper
          withBorder
          p="md"
          onDragOver={(event) => {
            event.preventDefault()
            setDragging(true)
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          style={{
            borderStyle: 'dashed',
            borderWidth: 2,
            background: dragging ? 'var(--mantine-color-blue-light)' : undefined,
          }}
          data-testid="product-images-drop"
        >
          {room <= 0 && uploads.length === 0 ? (
            <Text size="sm">{t(`${N}.full`, { max: PRODUCT_IMAGES_MAX })}</Text>
          ) : (
            <Group gap="sm" wrap="wrap">
              <FileButton onChange={(files) => void add(files)} accept={ACCEPT} multiple>
                {(props) => (
                  <Button {...props} ref={refChild('choose-')} leftSection={<UploadIcon />}>
                    {t(`${N}.choose`)}
                  </Button>
                )}
              </FileButton>
              <Text size="sm" c="dimmed">
                {dragging ? t(`${N}.drop`) : t(`${N}.dropHint`)}
              </Text>
            </Group>
          )}
          {uploads.length > 0 && (
            <Stack gap={6} mt="sm">
              {uploads.map((u) => (
                <div key={u.key}>
                  <Text size="xs">{t(`${N}.uploading`, { name: u.name })}</Text>
                  <Progress
                    value={Math.round(u.progress * 100)}
                    animated={u.progress >= 1}
                    aria-label={t(`${N}.progress`, { name: u.name, percent: Math.round(u.progress * 100) })}
                  />
                </div>
              ))}
            </Stack>
          )}
        </Paper>
      )}
      {errors.length > 0 && (
        <Alert color="red" icon={<AlertIcon />} role="alert" data-testid="product-images-errors">
          <Stack gap={2}>
            {errors.map((message) => (
              <Text key={message} size="sm">
                {message}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      {content}
    </Stack>
  )
}
