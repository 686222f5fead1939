import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DownloadNode } from '../api/downloads';
import styles from './category-tree.module.css';

export interface CategoryTreeProps {
  nodes: readonly DownloadNode[];
  /** The selected category; null while a search is shown. */
  selectedId: number | null;
  onSelect: (id: number) => void;
}

function Chevron() {
  return (
    <svg className={styles.chevron} viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
      <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}

/**
 * The download categories as an accordion: each top category selects its documents (those of
 * the categories below it too) and opens to show its sub-categories. The branch of the selected
 * category starts open. On narrow screens the whole tree folds behind a "Categories" button.
 */
export function CategoryTree({ nodes, selectedId, onSelect }: CategoryTreeProps) {
  const { t } = useTranslation('downloads');
  const panelId = useId();
  // What the visitor opened or closed; otherwise the selected category's branch is open.
  const [open, setOpen] = useState<ReadonlyMap<number, boolean>>(() => new Map());
  const [panelOpen, setPanelOpen] = useState(false);
  const branchOf = (id: number | null) => nodes.find((node) => node.id === id || node.children.some((child) => child.id === id))?.id;
  const selectedBranch = branchOf(selectedId);
  const selectedName =
    nodes.flatMap((node) => [node, ...node.children]).find((node) => node.id === selectedId)?.name ?? t('categories');

  const isOpen = (id: number) => open.get(id) ?? id === selectedBranch;
  const setNodeOpen = (id: number, value: boolean) => setOpen((current) => new Map(current).set(id, value));
  const choose = (id: number) => {
    onSelect(id);
    setPanelOpen(false);
  };

  return (
    <nav className={styles.tree} aria-label={t('categories')}>
      <button
        type="button"
        className={styles.panelToggle}
        aria-expanded={panelOpen}
        aria-controls={panelId}
        onClick={() => setPanelOpen((value) => !value)}
      >
        <span className={styles.panelLabel}>{t('categories')}</span>
        <span className={styles.panelValue}>{selectedName}</span>
        <Chevron />
      </button>
      <ul id={panelId} className={styles.panel} data-open={panelOpen}>
        {nodes.map((node) => {
          const expanded = isOpen(node.id);
          const childrenId = `${panelId}-${node.id}`;
          return (
            <li key={node.id} className={styles.group}>
              <div className={styles.row}>
                <button
                  type="button"
                  className={styles.category}
                  aria-current={node.id === selectedId ? 'true' : undefined}
                  onClick={() => {
                    choose(node.id);
                    if (node.children.length > 0) setNodeOpen(node.id, true);
                  }}
                >
                  {node.name}
                </button>
                {node.children.length > 0 ? (
                  <button
                    type="button"
                    className={styles.expand}
                    aria-expanded={expanded}
                    aria-controls={childrenId}
                    aria-label={t(expanded ? 'collapse' : 'expand', { name: node.name })}
                    onClick={() => setNodeOpen(node.id, !expanded)}
                  >
                    <Chevron />
                  </button>
                ) : null}
              </div>
              {node.children.length > 0 ? (
                <ul id={childrenId} className={styles.children} hidden={!expanded}>
                  {node.children.map((child) => (
                    <li key={child.id}>
                      <button
                        type="button"
                        className={styles.child}
                        aria-current={child.id === selectedId ? 'true' : undefined}
                        onClick={() => choose(child.id)}
                      >
                        {child.name}
                      </button>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
