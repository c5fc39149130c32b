import { Box, Skeleton } from '@mantine/core'
import { useState } from 'react'
import { fallbackImage, imageUrl } from './image-url'

export interface ProductImageProps {
  file: string | null | undefined
  alt: string
  height: number
  width?: number | string
}

/**
 * A lazily loaded catalogue image with a skeleton until it arrives; when loading fails it shows
 * /images/404.png (once: a missing fallback does not loop).
 */
export function ProductImage({ file, alt, height, width = '100%' }: ProductImageProps) {
  const primary = imageUrl(file)
  const [failedSrc, setFailedSrc] = useState<string | null>(null)
  const [settledSrc, setSettledSrc] = useState<string | null>(null)
  const src = failedSrc === primary ? fallbackImage : primary
  const settled = settledSrc === src

  return (
    <Box pos="relative" h={height} w={width} style={{ overflow: 'hidden' }}>
      {!settled && <Skeleton pos="absolute" inset={0} radius={0} />}
      <img
        src={src}
        alt={alt}
        loading="lazy"
        decoding="async"
        height={height}
        style={{ width: '100%', height, objectFit: 'contain', display: 'block' }}
        onLoad={() => setSettledSrc(src)}
        onError={() =>
          src === primary && primary !== fallbackImage ? setFailedSrc(primary) : setSettledSrc(src)
        }
      />
    </Box>
  )
}
