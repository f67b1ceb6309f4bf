import { Navigate, Route, Routes } from 'react-router';
import { RolesMatrix } from './roles-matrix';
import { StaffAddresses } from './staff-addresses';
import { StaffList } from './staff-list';
import './staff.css';

/** The Staff area (`/staff/*`): the staff list, the roles matrix and the staff address allow-list. */
export function StaffPage() {
  return (
    <Routes>
      <Route index element={<StaffList />} />
      <Route path="roles" element={<RolesMatrix />} />
      <Route path="addresses" element={<StaffAddresses />} />
      <Route path="*" element={<Navigate to="/staff" replace />} />
    </Routes>
  );
}
