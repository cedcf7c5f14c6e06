/** Girls' first names and family names heard across Trinidad and Tobago, for the demo school. */
export const firstNames = [
  'Aaliyah', 'Kezia', 'Shivani', 'Anjali', 'Chelsea', 'Nikita', 'Renée', 'Keisha', 'Tamika', 'Priya', 'Sasha', 'Arianna',
  'Jada', 'Kayla', 'Shania', 'Trisha', 'Vanessa', 'Alyssa', 'Britney', 'Danielle', 'Gabrielle', 'Isabella', 'Jhanelle', 'Kamla',
  'Latoya', 'Melissa', 'Nadia', 'Omala', 'Petra', 'Qiana', 'Radhika', 'Sarah', 'Tiana', 'Ushana', 'Vidya', 'Whitney',
  'Xiomara', 'Yasmin', 'Zahra', 'Abigail', 'Chantal', 'Denisha', 'Ebony', 'Fatima', 'Gianna', 'Hadiya', 'Indira', 'Jenelle',
  'Kimberly', 'Leah', 'Makeda', 'Naomi', 'Odessa', 'Pooja', 'Rianna', 'Savitri', 'Tenille', 'Valencia', 'Mei Ling', 'Amira',
  'Celine', 'Dominique', 'Esther', 'Felicia', 'Genevieve', 'Hema', 'Janelle', 'Krystal', 'Lakshmi', 'Marisa', 'Nyla', 'Océane',
];

export const lastNames = [
  'Mohammed', 'Ramdass', 'Charles', 'Joseph', 'Baptiste', 'Ali', 'Maharaj', 'Persad', 'Williams', 'Lewis', 'Boodram', 'Chen',
  'Hosein', 'Sabga', 'De Freitas', 'Ramnarine', 'Phillip', 'Alexander', 'Khan', 'Rampersad', 'Francis', 'Garcia', 'Singh', 'Lee Kim',
  'Roberts', 'Thomas', 'James', 'Sookdeo', 'Ramkissoon', 'Mitchell', 'Romain', 'St. Hill', 'Gomes', 'Ferreira', 'Ramsaran', 'Hackshaw',
  'Bissoon', 'Cummings', 'Dookie', 'Edwards', 'Fortune', 'George', 'Harripersad', 'Isaac', 'Jagessar', 'Kowlessar', 'Lalla', 'Marcano',
  'Noel', 'Ottley', 'Pierre', 'Quashie', 'Rodriguez', 'Samaroo', 'Teelucksingh', 'Valdez', 'Wong', 'Young', 'Abdool', 'Bhagwandeen',
];

export const fathersNames = ['Anthony', 'Ravi', 'Marlon', 'Kevin', 'Dexter', 'Sunil', 'Curtis', 'Richard', 'Imran', 'Gerard', 'Darren', 'Vishnu'];
export const mothersNames = ['Joy', 'Savitri', 'Marcia', 'Lisa', 'Anita', 'Karen', 'Natasha', 'Rehana', 'Claudette', 'Indra', 'Sherry', 'Patricia'];
export const occupations = ['Teacher', 'Nurse', 'Police Officer', 'Engineer', 'Accountant', 'Electrician', 'Farmer', 'Clerk', 'Entrepreneur', 'Driver', 'Chef', 'Technician'];
export const employers = ['Ministry of Education', 'Republic Bank', 'T&TEC', 'WASA', 'Massy Stores', 'Petrotrin Pensioners', 'Port Authority', 'Self-employed', 'Caribbean Airlines', 'NGC'];
export const subjects = ['English A', 'Mathematics', 'Spanish', 'French', 'Integrated Science', 'Social Studies', 'Physical Education', 'Visual Arts', 'Information Technology', 'Religious Education'];
export const comments = [
  'A diligent student who participates well in class.',
  'Good progress this term; keep it up.',
  'Capable of better results with more consistent effort.',
  'Excellent work and a positive attitude.',
  'Must pay more attention to homework.',
  'Shows great improvement.',
  'A pleasure to teach.',
  'Needs to revise regularly.',
];
