/**
 * A member's links (website, LinkedIn, GitHub…): rows of a label and an address, added
 * and removed in place, at most PROFILE_LIMITS.linksMax. Each part shows its own error.
 */
import { PROFILE_LIMITS } from '@api/shared/profile-vocabulary';
import { useEffect, useRef } from 'react';
import type { LinkValue } from '../../lib/profiles/form-model';
import { Group, TextField, fieldId } from './fields';

interface Props {
  value: readonly LinkValue[];
  onChange(value: LinkValue[]): void;
  errors: Readonly<Record<string, string>>;
}

export function LinksEditor({ value, onChange, errors }: Props) {
  const focusAfterRender = useRef<string | null>(null);
  const max = PROFILE_LIMITS.linksMax;

  useEffect(() => {
    const target = focusAfterRender.current;
    focusAfterRender.current = null;
    if (target) document.getElementById(fieldId(target))?.focus();
  });

  const set = (index: number, patch: Partial<LinkValue>) => onChange(value.map((link, i) => (i === index ? { ...link, ...patch } : link)));
  const add = () => {
    focusAfterRender.current = `links.${value.length}.label`;
    onChange([...value, { label: '', url: '' }]);
  };
  const remove = (index: number) => {
    // Focus goes somewhere sensible: the next row, else "Add a link".
    focusAfterRender.current = value.length > 1 ? `links.${Math.min(index, value.length - 2)}.label` : 'links-add';
    onChange(value.filter((_, i) => i !== index));
  };

  return (
    <Group field="links" legend="Links" hint="Your website, LinkedIn, GitHub or anything that shows your work." error={errors.links}>
      <ol className="pf-links">
        {value.map((link, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: links carry no id and are only appended or removed, never reordered; every field is controlled and named by its position (id, error key)
          <li key={index} className="pf-link-row">
            <TextField
              field={`links.${index}.label`}
              label={`Link ${index + 1} label`}
              value={link.label}
              onChange={(label) => set(index, { label })}
              maxLength={PROFILE_LIMITS.linkLabelMax}
              placeholder="Website"
              required
              error={errors[`links.${index}.label`]}
            />
            <TextField
              field={`links.${index}.url`}
              label={`Link ${index + 1} address`}
              type="url"
              inputMode="url"
              value={link.url}
              onChange={(url) => set(index, { url })}
              maxLength={PROFILE_LIMITS.urlMax}
              placeholder="https://"
              required
              error={errors[`links.${index}.url`]}
            />
            <button type="button" className="btn btn-ghost btn-sm pf-link-remove" onClick={() => remove(index)}>
              Remove<span className="visually-hidden"> link {index + 1}</span>
            </button>
          </li>
        ))}
      </ol>
      <div>
        <button id={fieldId('links-add')} type="button" className="btn btn-secondary btn-sm" onClick={add} disabled={value.length >= max}>
          Add a link
        </button>
        {value.length >= max && <span className="hint"> That is the most: {max} links.</span>}
      </div>
    </Group>
  );
}
