// Whether one value fits a datatype, as strictly as the strictest checker in the field (Elastic's package
// validator): strings for keyword, JSON numbers for numeric types, real IPs, ISO 8601 or epoch-millisecond dates.
import { ipVersion } from './ipAddress';
import type { Datatype } from '../../catalog/types';
import type { ValueNode } from '../../document/model';

/** What a datatype accepts, for messages. */
export function expectedFor(type: Datatype): string {
  switch (type) {
    case 'keyword':
    case 'text':
      return 'a string';
    case 'long':
    case 'integer':
      return 'a whole number';
    case 'float':
    case 'half_float':
    case 'scaled_float':
      return 'a number';
    case 'boolean':
      return 'true or false';
    case 'date':
      return 'an ISO 8601 date string (e.g. "2024-05-01T12:00:00Z") or epoch milliseconds';
    case 'ip':
      return 'an IPv4 or IPv6 address string';
    case 'geo_point':
      return 'a geo_point: {"lat": ..., "lon": ...}, [lon, lat] or "lat,lon"';
    case 'object':
      return 'an object';
  }
}

/** Why a single (non-array) value does not fit `type`, or undefined when it fits. Null always fits (no value). */
export function typeProblem(type: Datatype, node: ValueNode): string | undefined {
  if (node.kind === 'null') return undefined;
  switch (type) {
    case 'keyword':
    case 'text':
      return node.kind === 'string' ? undefined : 'mismatch';
    case 'long':
    case 'integer':
      if (node.kind !== 'number') return 'mismatch';
      return Number.isInteger(node.value) ? undefined : 'has a fraction, but the field holds whole numbers';
    case 'float':
    case 'half_float':
    case 'scaled_float':
      return node.kind === 'number' && Number.isFinite(node.value) ? undefined : 'mismatch';
    case 'boolean':
      return node.kind === 'boolean' ? undefined : 'mismatch';
    case 'date':
      if (node.kind === 'number') return Number.isInteger(node.value) ? undefined : 'is not whole epoch milliseconds';
      if (node.kind !== 'string') return 'mismatch';
      return isIsoDate(String(node.value)) ? undefined : 'is not an ISO 8601 date';
    case 'ip':
      if (node.kind !== 'string') return 'mismatch';
      return ipVersion(String(node.value)) ? undefined : 'is not an IPv4 or IPv6 address';
    case 'geo_point':
      return geoPointProblem(node);
    case 'object':
      return node.kind === 'object' ? undefined : 'mismatch';
  }
}

const ISO_DATE = /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d{1,9})?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?)?)?$/;

/** ISO 8601 calendar dates, with optional time, fraction (up to nanoseconds) and zone: what the store's default date format reads. */
export function isIsoDate(text: string): boolean {
  const m = ISO_DATE.exec(text);
  if (!m) return false;
  const [, , month, day, hour, minute, second, zone] = m;
  if (month !== undefined && (Number(month) < 1 || Number(month) > 12)) return false;
  // Every month has 28 days: only later days need the calendar.
  if (day !== undefined && (Number(day) < 1 || (Number(day) > 28 && Number(day) > daysIn(Number(m[1]), Number(month))))) return false;
  if (hour !== undefined && (Number(hour) > 23 || Number(minute) > 59)) return false;
  if (second !== undefined && Number(second) > 60) return false;
  if (zone && zone !== 'Z' && (Number(zone.slice(1, 3)) > 23 || Number(zone.slice(-2)) > 59)) return false;
  return true;
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Why a value is not a geo_point in one of the three accepted shapes, or undefined. */
export function geoPointProblem(node: ValueNode): string | undefined {
  if (node.kind === 'object') {
    const props = node.properties;
    // Exactly lat and lon, in either order (checked without sorting a copy of the keys: every geo_point passes here).
    const latLon = props.length === 2 && ((props[0].key === 'lat' && props[1].key === 'lon') || (props[0].key === 'lon' && props[1].key === 'lat'));
    if (!latLon) return `has the keys {${props.map((p) => p.key).sort().join(', ')}}, but a geo_point object holds exactly lat and lon`;
    const lat = node.properties.find((p) => p.key === 'lat')?.value;
    const lon = node.properties.find((p) => p.key === 'lon')?.value;
    return coordinateProblem('lat', lat) ?? coordinateProblem('lon', lon);
  }
  if (node.kind === 'array') {
    if (node.items.length !== 2 || node.items.some((i) => i.kind !== 'number')) {
      return 'is an array, but a geo_point array is [lon, lat]: exactly two numbers';
    }
    return coordinateProblem('lon', node.items[0]) ?? coordinateProblem('lat', node.items[1]);
  }
  if (node.kind === 'string') {
    const parts = String(node.value).split(',');
    const numbers = parts.map((p) => (/^\s*[-+]?(\d+\.?\d*|\.\d+)\s*$/.test(p) ? Number(p) : NaN));
    if (parts.length !== 2 || numbers.some(Number.isNaN)) return 'is a string, but a geo_point string is "lat,lon"';
    return boundsProblem('lat', numbers[0]) ?? boundsProblem('lon', numbers[1]);
  }
  return 'mismatch';
}

/** Why a latitude or longitude value is wrong, or undefined. */
export function coordinateProblem(axis: 'lat' | 'lon', node: ValueNode | undefined): string | undefined {
  if (!node || node.kind !== 'number') return `has a ${axis} that is not a number`;
  return boundsProblem(axis, node.value as number);
}

function boundsProblem(axis: 'lat' | 'lon', value: number): string | undefined {
  const limit = axis === 'lat' ? 90 : 180;
  if (Number.isFinite(value) && value >= -limit && value <= limit) return undefined;
  return `has ${axis === 'lat' ? 'latitude' : 'longitude'} ${value}, outside -${limit}..${limit}`;
}
