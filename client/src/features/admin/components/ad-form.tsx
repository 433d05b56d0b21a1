import { useId, useState, type FormEvent, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { ZAdSlotCreateRequest, type TAdminAdSlot, type TAdSlotCreateRequest } from '@common/contracts/ads';
import {
  AD_BODY_MAX,
  AD_HTML_MAX_BYTES,
  AD_LOCATIONS,
  AD_NAME_MAX,
  AD_TITLE_MAX,
  AD_URL_MAX,
  adMaximum,
  type TAdType,
  type TDeviceTarget,
} from '@common/rules/ads';
import { AdView, type AdContent } from '@/components/ads/ad-frame';
import { FormField, inputClasses } from '@/components/ui/form-field';
import { Switch } from '@/components/ui/switch';
import { FormActions } from './form-actions';
import { formErrors, zodFieldErrors } from '@/lib/form-errors';
import { formatNumber } from '@/lib/format';

type Props = {
  initial?: TAdminAdSlot;
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: TAdSlotCreateRequest) => Promise<unknown>;
  onCancel?: () => void;
};

const TYPE_LABELS: Record<TAdType, string> = { native: 'Native card', custom: 'Custom HTML', adsense: 'AdSense' };
const DEVICE_LABELS: Record<TDeviceTarget, string> = { any: 'Any device', mobile: 'Mobile only (768 px or less)', desktop: 'Desktop only (above 768 px)' };

const numberOrNull = (s: string) => (s.trim() === '' ? null : Number(s));
const finiteOrNull = (n: number | null | undefined) => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : null);
const bytes = (s: string) => new TextEncoder().encode(s).length;

function TextArea({ id, label, hint, error, ...rest }: { id: string; label: string; hint?: ReactNode; error?: string } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      )}
      <textarea
        id={id}
        className={inputClasses}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined}
        {...rest}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-semibold text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

/** Every field of an ad slot (spec §3 and the native card's), with a live preview in the members' sandbox. */
export function AdForm({ initial, submitLabel, pending, onSubmit, onCancel }: Props) {
  const id = useId();
  const [name, setName] = useState(initial?.name ?? '');
  const [location, setLocation] = useState(initial?.location ?? 'forum-header');
  const [position, setPosition] = useState(String(initial?.position ?? 0));
  const [adType, setAdType] = useState<TAdType>(initial?.adType ?? 'native');
  const [deviceTarget, setDeviceTarget] = useState<TDeviceTarget>(initial?.deviceTarget ?? 'any');
  const [adSlotId, setAdSlotId] = useState(initial?.adSlotId ?? '');
  const [customHtml, setCustomHtml] = useState(initial?.customHtml ?? '');
  const [title, setTitle] = useState(initial?.title ?? '');
  const [body, setBody] = useState(initial?.body ?? '');
  const [linkUrl, setLinkUrl] = useState(initial?.linkUrl ?? '');
  const [imageUrl, setImageUrl] = useState(initial?.imageUrl ?? '');
  const [width, setWidth] = useState(initial?.width == null ? '' : String(initial.width));
  const [height, setHeight] = useState(initial?.height == null ? '' : String(initial.height));
  const [isResponsive, setResponsive] = useState(initial?.isResponsive ?? true);
  const [isActive, setActive] = useState(initial?.isActive ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const values: TAdSlotCreateRequest = {
    name,
    location: location.trim(),
    position: numberOrNull(position) ?? 0,
    isActive,
    adType,
    // Only the chosen type's fields are kept: a slot never carries another type's leftovers.
    adSlotId: (adType === 'adsense' && adSlotId.trim()) || null,
    customHtml: (adType === 'custom' && customHtml) || null,
    title: (adType === 'native' && title.trim()) || null,
    body: (adType === 'native' && body.trim()) || null,
    linkUrl: (adType === 'native' && linkUrl.trim()) || null,
    imageUrl: (adType === 'native' && imageUrl.trim()) || null,
    width: numberOrNull(width),
    height: numberOrNull(height),
    isResponsive,
    deviceTarget,
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZAdSlotCreateRequest.safeParse(values);
    if (!parsed.success) return setErrors(withHidden(zodFieldErrors(parsed.error)));
    setErrors({});
    try {
      await onSubmit(values);
    } catch (err) {
      setErrors(withHidden(formErrors(err, 'Could not save the ad.')));
    }
  };

  // A message for a field this type does not show goes to the top of the form instead.
  const shown = new Set(['form', 'name', 'location', 'position', 'adType', 'width', 'height', 'isResponsive', 'deviceTarget', 'isActive',
    ...(adType === 'adsense' ? ['adSlotId'] : adType === 'custom' ? ['customHtml'] : ['title', 'body', 'linkUrl', 'imageUrl'])]);
  const withHidden = (e: Record<string, string>) => {
    const hidden = Object.entries(e).find(([k]) => !shown.has(k));
    return hidden && !e.form ? { ...e, form: hidden[1] } : e;
  };

  const htmlBytes = bytes(customHtml);
  const f = (name: string) => `${id}-${name}`;

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 lg:grid-cols-2">
      <div className="grid content-start gap-3">
        {errors.form && (
          <p role="alert" className="rounded-lg border-l-4 border-red-700 bg-red-50 p-3 text-sm font-semibold text-red-950">
            {errors.form}
          </p>
        )}
        <FormField label="Name (only admins see it)" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} maxLength={AD_NAME_MAX} />
        <FormField
          label="Location"
          hint={`Where it shows: ${AD_LOCATIONS.join(', ')}. At most ${adMaximum(location.trim())} ad(s) show here at once.`}
          value={location}
          onChange={(e) => setLocation(e.target.value)}
          error={errors.location}
          list={f('locations')}
          autoComplete="off"
          required
        />
        <datalist id={f('locations')}>
          {AD_LOCATIONS.map((l) => (
            <option key={l} value={l} />
          ))}
        </datalist>
        <FormField
          label="Position"
          hint="Lower positions show first."
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={position}
          onChange={(e) => setPosition(e.target.value)}
          error={errors.position}
        />
        <fieldset className="grid gap-1">
          <legend className="mb-1 font-semibold">Ad type</legend>
          {(Object.keys(TYPE_LABELS) as TAdType[]).map((t) => (
            <label key={t} className="flex min-h-11 items-center gap-2">
              <input type="radio" name={f('type')} value={t} checked={adType === t} onChange={() => setAdType(t)} className="size-5" />
              {TYPE_LABELS[t]}
            </label>
          ))}
          {errors.adType && (
            <p role="alert" className="text-sm font-semibold text-red-800">
              {errors.adType}
            </p>
          )}
        </fieldset>

        {adType === 'adsense' && (
          <FormField
            label="AdSense ad slot id"
            hint="The number AdSense shows for the ad unit. Shown only when ADSENSE_CLIENT is set and the member accepts marketing cookies."
            value={adSlotId}
            onChange={(e) => setAdSlotId(e.target.value)}
            error={errors.adSlotId}
            inputMode="numeric"
            maxLength={20}
          />
        )}
        {adType === 'custom' && (
          <TextArea
            id={f('html')}
            label="HTML"
            hint={`Shown in a sandboxed frame: no scripts run; links open in a new tab. ${formatNumber(htmlBytes)} of ${formatNumber(AD_HTML_MAX_BYTES)} bytes.`}
            value={customHtml}
            onChange={(e) => setCustomHtml(e.target.value)}
            error={errors.customHtml}
            rows={8}
            spellCheck={false}
            className={`${inputClasses} font-mono text-sm`}
          />
        )}
        {adType === 'native' && (
          <>
            <FormField label="Title" value={title} onChange={(e) => setTitle(e.target.value)} error={errors.title} maxLength={AD_TITLE_MAX} />
            <TextArea id={f('body')} label="Text" value={body} onChange={(e) => setBody(e.target.value)} error={errors.body} maxLength={AD_BODY_MAX} rows={3} />
            <FormField
              label="Link"
              hint="A full https:// address; opens in a new tab."
              type="url"
              value={linkUrl}
              onChange={(e) => setLinkUrl(e.target.value)}
              error={errors.linkUrl}
              maxLength={AD_URL_MAX}
            />
            <FormField
              label="Image (optional)"
              hint="An https:// address or a path on this site, like /images/ad.webp."
              value={imageUrl}
              onChange={(e) => setImageUrl(e.target.value)}
              error={errors.imageUrl}
              maxLength={AD_URL_MAX}
            />
          </>
        )}

        <div className="grid grid-cols-2 gap-3">
          <FormField label="Width (px)" type="number" inputMode="numeric" min={1} value={width} onChange={(e) => setWidth(e.target.value)} error={errors.width} />
          <FormField label="Height (px)" type="number" inputMode="numeric" min={1} value={height} onChange={(e) => setHeight(e.target.value)} error={errors.height} />
        </div>
        <div className="flex items-center gap-3">
          <Switch id={f('responsive')} checked={isResponsive} onCheckedChange={setResponsive} />
          <label htmlFor={f('responsive')} className="font-semibold">
            Responsive (fills the width)
          </label>
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={f('device')} className="font-semibold">
            Device
          </label>
          <select id={f('device')} value={deviceTarget} onChange={(e) => setDeviceTarget(e.target.value as TDeviceTarget)} className={inputClasses}>
            {(Object.keys(DEVICE_LABELS) as TDeviceTarget[]).map((d) => (
              <option key={d} value={d}>
                {DEVICE_LABELS[d]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-center gap-3">
          <Switch id={f('active')} checked={isActive} onCheckedChange={setActive} />
          <label htmlFor={f('active')} className="font-semibold">
            Enabled
          </label>
        </div>
        <FormActions submitLabel={submitLabel} pending={pending} onCancel={onCancel} />
      </div>
      <section aria-label="Preview" className="grid content-start gap-2">
        <p className="font-semibold">Preview, as members see it</p>
        <div className="rounded-xl bg-page p-3">
          <AdView ad={previewOf(values)} preview />
          {!hasPreview(values) && <p className="text-sm text-muted">Fill in the ad to see it here.</p>}
        </div>
      </section>
    </form>
  );
}

function previewOf(v: TAdSlotCreateRequest): AdContent {
  return {
    adType: v.adType,
    adSlotId: v.adSlotId ?? null,
    customHtml: v.customHtml ?? null,
    title: v.title ?? null,
    body: v.body ?? null,
    linkUrl: v.linkUrl ?? null,
    imageUrl: v.imageUrl ?? null,
    width: finiteOrNull(v.width),
    height: finiteOrNull(v.height),
    isResponsive: v.isResponsive ?? true,
  };
}

function hasPreview(v: TAdSlotCreateRequest) {
  if (v.adType === 'custom') return !!v.customHtml;
  if (v.adType === 'native') return !!v.title && !!v.linkUrl;
  return true;
}
