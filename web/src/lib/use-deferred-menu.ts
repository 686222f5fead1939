import { type ComponentType, useCallback, useEffect, useRef, useState } from 'react';
import { useIdle } from './use-idle';

/** What the real (lazily loaded) menu receives from its placeholder. */
export interface DeferredMenuProps {
  /** The visitor already clicked the placeholder: open right away. */
  defaultOpen: boolean;
  /** True when the placeholder had keyboard focus when it was swapped: the real trigger takes it. */
  takeFocus: () => boolean;
}

/**
 * For a header menu whose code loads after the first paint: a look-alike placeholder button is
 * shown until then. Hovering or focusing it starts the load at once (otherwise it starts when the
 * browser is idle); a click is remembered and the menu opens as soon as it is there; keyboard
 * focus moves over to the real trigger. `Menu` is null until the code has arrived.
 */
export function useDeferredMenu<P>(load: () => Promise<ComponentType<P & DeferredMenuProps>>) {
  const idle = useIdle();
  const [wanted, setWanted] = useState(false);
  const [defaultOpen, setDefaultOpen] = useState(false);
  const [Menu, setMenu] = useState<ComponentType<P & DeferredMenuProps> | null>(null);
  const focused = useRef(false);
  const loader = useRef(load);
  const takeFocus = useCallback(() => focused.current, []);

  useEffect(() => {
    if (!(idle || wanted)) return undefined;
    let active = true;
    loader.current().then(
      (component) => {
        if (active) setMenu(() => component);
      },
      (error: unknown) => console.error('[menu] code failed to load; the placeholder stays', error),
    );
    return () => {
      active = false;
    };
  }, [idle, wanted]);

  return {
    Menu,
    placeholderProps: {
      type: 'button' as const,
      'aria-haspopup': 'menu' as const,
      'aria-expanded': false,
      onPointerEnter: () => setWanted(true),
      onFocus: () => {
        focused.current = true;
        setWanted(true);
      },
      onBlur: () => {
        focused.current = false;
      },
      // Pressed (not only clicked): the real trigger may replace this button between the
      // press and the click, and the press is what a Radix trigger opens on.
      onPointerDown: (event: { button: number }) => {
        if (event.button !== 0) return;
        setWanted(true);
        setDefaultOpen(true);
      },
      onClick: () => {
        setWanted(true);
        setDefaultOpen(true);
      },
    },
    menuProps: { defaultOpen, takeFocus } satisfies DeferredMenuProps,
  };
}
