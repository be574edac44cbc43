export { AdminRoute } from './routes/AdminRoute';
