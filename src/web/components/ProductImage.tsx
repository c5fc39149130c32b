import { Box, Skeleton } from '@mantine/core'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { fallbackImage, imageUrl, uploadedImageSources } from './image-url'
import classes from './ProductImage.module.css'

export interface ProductImageProps {
  file: string | null | undefined
  alt: string
  height: number
  width?: number | string
  /**
   * The page's likely largest image (the first cards above the fold): fetched at once with high
   * priority instead of lazily after layout, since it decides the Largest Contentful Paint.
   */
  priority?: boolean
}

/**
 * A catalogue image (lazily loaded unless `priority`) with a skeleton until it arrives; when loading fails it shows
 * /images/404.png (once: a missing fallback does not loop). The skeleton also goes by CSS once the image
 * is marked loaded (ProductImage.module.css, public/boot.js): on a server-drawn page it need not wait
 * for the app.
 */
export function ProductImage({ file, alt, height, width = '100%', priority = false }: ProductImageProps) {
  // An uploaded image comes in the size the box needs, and as AVIF where the browser takes it.
  const uploaded = uploadedImageSources(file, height)
  const primary = uploaded?.webp ?? imageUrl(file)
  const [failedSrc, setFailedSrc] = useState<string | null>(null)
  const [settledSrc, setSettledSrc] = useState<string | null>(null)
  const src = failedSrc === primary ? fallbackImage : primary
  const settled = settledSrc === src
  const image = useRef<HTMLImageElement>(null)
  const onLoad = () => setSettledSrc(src)
  const onError = () =>
    src === primary && primary !== fallbackImage ? setFailedSrc(primary) : setSettledSrc(src)

  // On a page drawn by the server the image may have arrived (or failed) before the app took the
  // page over: its load event is gone, so the skeleton would cover it for good. Ask the image.
  // A new address: the mark of the old image's arrival (public/boot.js) must not hide the skeleton
  // of the one now loading; taken off before the paint.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new address matters
  useLayoutEffect(() => {
    const img = image.current
    if (img && !(img.complete && img.naturalWidth > 0)) img.removeAttribute('data-loaded')
  }, [src])

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new address needs asking again
  useEffect(() => {
    const img = image.current
    if (!img?.complete || !img.getAttribute('src')) return
    if (img.naturalWidth > 0) onLoad()
    else onError()
  }, [src])

  const picture = (
    <img
      ref={image}
      src={src}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      height={height}
      width={typeof width === 'number' ? width : undefined}
      style={{ width: '100%', height, objectFit: 'contain', display: 'block' }}
      onLoad={onLoad}
      onError={onError}
    />
  )

  return (
    <Box pos="relative" h={height} w={width} style={{ overflow: 'hidden' }} className={classes.frame}>
      {!settled && (
        <Skeleton pos="absolute" inset={0} radius={0} className={classes.skeleton} data-image-skeleton />
      )}
      {uploaded && src === primary ? (
        <picture style={{ display: 'block' }}>
          <source type="image/avif" srcSet={uploaded.avif} />
          {picture}
        </picture>
      ) : (
        picture
      )}
    </Box>
  )
}
