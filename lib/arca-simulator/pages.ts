import { escapeXml as esc } from '@/lib/arca';
import { EMISSION_TYPES } from './add-point-of-sale';

// Plain HTML forms (POST → redirect → GET): they work without JavaScript and need no inline script or style.
export function layout(title: string, base: string, main: string): string {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">
<title>${esc(title)} — ARCA simulada</title><link rel="stylesheet" href="${base}/style.css"></head>
<body><header><p class="banner">Simulador de ARCA para pruebas y demostraciones. Nada de lo que hagas acá tiene validez fiscal.</p>
<nav aria-label="Servicios simulados"><ul><li><a href="${base}/sandbox/wsass">WSASS (homologación)</a></li><li><a href="${base}/live/certificados">Certificados Digitales (producción)</a></li><li><a href="${base}/live/relaciones">Administrador de Relaciones (producción)</a></li><li><a href="${base}/live/puntos-de-venta">Puntos de venta (producción)</a></li></ul></nav></header>
<main id="contenido"><h1>${esc(title)}</h1>${main}</main></body></html>`;
}

export function notice(message: string | undefined, kind: 'ok' | 'error'): string {
  if (!message) return '';
  return kind === 'error'
    ? `<div class="error" role="alert"><p>${esc(message)}</p></div>`
    : `<div class="ok" role="status"><p>${esc(message)}</p></div>`;
}

export function field(
  name: string,
  label: string,
  options: {
    type?: string;
    hint?: string;
    required?: boolean;
    value?: string;
    pattern?: string;
    inputmode?: string;
  } = {},
): string {
  const hint = options.hint ? `<p class="hint" id="${name}-hint">${esc(options.hint)}</p>` : '';
  const attrs = [
    `id="${name}"`,
    `name="${name}"`,
    `type="${options.type ?? 'text'}"`,
    options.required === false ? '' : 'required',
    options.value ? `value="${esc(options.value)}"` : '',
    options.pattern ? `pattern="${options.pattern}"` : '',
    options.inputmode ? `inputmode="${options.inputmode}"` : '',
    options.hint ? `aria-describedby="${name}-hint"` : '',
  ].filter(Boolean);
  return `<p><label for="${name}">${esc(label)}</label>${hint}<input ${attrs.join(' ')}></p>`;
}

export function cuitField(value?: string): string {
  return field('cuit', 'CUIT', {
    hint: '11 dígitos, con o sin guiones',
    inputmode: 'numeric',
    value,
  });
}

export function pointOfSaleForm(action: string, environment: 'sandbox' | 'live'): string {
  const types = EMISSION_TYPES.map(
    (t) => `<option value="${esc(t)}">${esc(typeLabel(t, environment))}</option>`,
  ).join('');
  return `<form method="post" action="${action}">${cuitField()}${field('number', 'Número de punto de venta', { type: 'number', inputmode: 'numeric' })}
<p><label for="emission_type">Sistema</label><select id="emission_type" name="emission_type">${types}</select></p>
<p><input type="checkbox" id="blocked" name="blocked" value="S"><label for="blocked">Bloqueado</label></p>
${field('closed_on', 'Fecha de baja (opcional)', { type: 'date', required: false, hint: 'Dejala vacía si el punto de venta está activo' })}
<p><button type="submit">Agregar punto de venta</button></p></form>`;
}

function typeLabel(type: string, environment: 'sandbox' | 'live'): string {
  if (environment === 'sandbox') return type;
  return {
    'CAE - Ri Iva': 'RECE para aplicativo y web services (CAE - Ri Iva)',
    'CAE - Monotributo': 'Factura Electrónica - Monotributo - Web Services (CAE - Monotributo)',
    'CAEA - Ri Iva': 'RECE con CAEA (CAEA - Ri Iva)',
    'Factura en Linea': 'Factura en Línea',
  }[type]!;
}

export const STYLE = `body{font-family:system-ui,sans-serif;max-width:46rem;margin:0 auto;padding:1rem;line-height:1.5;color:#1a1a1a}
.banner{background:#fff3cd;padding:.5rem;border:1px solid #8a6d00}nav ul{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:1rem}
a{color:#0b4f8a}label{display:block;font-weight:600}input[type=checkbox]+label{display:inline;margin-left:.25rem}
input,select,textarea{font:inherit;max-width:100%}textarea{width:100%}.hint{margin:0;color:#444;font-size:.9rem}
.error{border:2px solid #a30000;padding:.5rem}.ok{border:2px solid #1b6e20;padding:.5rem}
button{font:inherit;padding:.4rem 1rem}:focus-visible{outline:3px solid #0b4f8a;outline-offset:2px}section{margin-block:2rem}
table{border-collapse:collapse}th,td{border:1px solid #999;padding:.25rem .5rem;text-align:left}.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}`;
