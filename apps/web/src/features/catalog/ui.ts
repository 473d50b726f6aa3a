// The import panel's one helper; every other screen imports shared/ directly.
export { saveBase64 } from '../../shared/screen';
