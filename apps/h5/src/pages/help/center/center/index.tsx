/** The help centre's second route of the spec: the same page. */
export { default } from '../../../help-center/center/index.tsx';
