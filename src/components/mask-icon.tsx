import classes from './mask-icon.module.css'

export type MaskIconName = 'chevronRight' | 'lock' | 'world'

/** A Tabler outline icon as one element (see the CSS module); decorative, so hidden from screen readers. */
export function MaskIcon({ name, size }: { name: MaskIconName; size: number }) {
  return <span aria-hidden className={`${classes.icon} ${classes[name]}`} style={{ width: size, height: size }} />
}
