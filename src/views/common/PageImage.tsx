import { cloneElement, type CSSProperties, type ReactElement } from 'react';
import { Image } from 'antd';
import { quarterTurn } from '../correction-panel/geometry';

export interface PageImageProps {
  /** the stored file's link */
  src: string;
  /** the page's `rotation`: the clockwise turn that shows the stored file upright */
  rotation: number;
  alt?: string;
  /** the box the page is fitted in (CSS lengths) */
  width: number | string;
  height: number | string;
  /** fill the box from the page's top (card thumbnails) instead of showing the whole page */
  cover?: boolean;
  /** antd's click-to-enlarge preview (upright too); `false` for none */
  preview?: false | { getContainer?: false | (() => HTMLElement) };
  'data-testid'?: string;
}

/** The side of the stored file that is the page's top once the file is turned clockwise by the rotation. */
const PAGE_TOP = { 0: 'top', 90: 'left', 180: 'bottom', 270: 'right' } as const;

/**
 * A stored essay page shown upright: the file (the browser applies its EXIF orientation, as the
 * server does) turned clockwise by the page's rotation, fitted in a box. The turned element gets the
 * box's swapped sides through container units, so a sideways scan fills the box like an upright one.
 */
export function PageImage(props: PageImageProps) {
  const turn = quarterTurn(props.rotation);
  const sideways = turn === 90 || turn === 270;
  const box: CSSProperties = { width: props.width, height: props.height, position: 'relative', overflow: 'hidden', containerType: 'size' };
  const turned: CSSProperties = {
    position: 'absolute',
    left: '50%',
    top: '50%',
    width: sideways ? '100cqh' : '100cqw',
    height: sideways ? '100cqw' : '100cqh',
    transform: `translate(-50%, -50%) rotate(${turn}deg)`,
  };
  const preview =
    props.preview === false
      ? false
      : {
          ...(props.preview?.getContainer !== undefined ? { getContainer: props.preview.getContainer } : {}),
          imageRender: (node: ReactElement<{ style?: CSSProperties }>) => {
            if (!turn) return node;
            // antd limits the image to the window (100 % wide, 70 % high); turned, the limits swap
            const limits = sideways ? { maxWidth: '70vh', maxHeight: '100vw' } : { maxWidth: '100vw', maxHeight: '70vh' };
            return <div style={{ transform: `rotate(${turn}deg)` }}>{cloneElement(node, { style: { ...node.props.style, ...limits } })}</div>;
          },
        };
  return (
    <div style={box} data-rotation={turn} data-testid={props['data-testid']}>
      <div style={turned}>
        <Image
          src={props.src}
          alt={props.alt}
          width="100%"
          height="100%"
          styles={{ image: { objectFit: props.cover ? 'cover' : 'contain', objectPosition: props.cover ? PAGE_TOP[turn] : 'center', imageOrientation: 'from-image' } }}
          preview={preview}
        />
      </div>
    </div>
  );
}
