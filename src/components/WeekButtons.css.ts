export { wrapRow as weekButtons } from './ui.css';
