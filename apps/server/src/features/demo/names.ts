// Common given names and family names per country for demo profiles (`npm run seed:demo`), written
// in the script people there write them in, with the marks, apostrophes and hyphens real names
// carry: the reference data has no names, and a demo that shows only ASCII would hide bugs. Every
// entry passes the contract's person-name rule (validation/names.ts; the generator's unit test checks).
// `languages`: codes from the contract's LANGUAGES list spoken there besides English.

export type NamePool = {
  country: string;
  languages: readonly string[];
  given: readonly string[];
  family: readonly string[];
  /** Chinese, Japanese, Korean, Vietnamese, Hungarian: the family name is written first. */
  familyFirst?: boolean;
  /**
   * Where a family name takes the person's gender (Polish -ski/-ska, Russian -ov/-ova, Greek
   * -os/-ou, Irish Ó/Ní): the given names that are women's, and the family names of each gender
   * besides the neutral ones in `family`. A person gets a family name of their given name's gender,
   * never 'Ольга Иванов' (issue 32).
   */
  gendered?: { femaleGiven: readonly string[]; female: readonly string[]; male: readonly string[] };
};

export const NAME_POOLS: readonly NamePool[] = [
  {
    country: 'IN',
    languages: ['hi', 'ta', 'te', 'mr', 'bn', 'kn', 'ml', 'gu'],
    given: [
      'Aarav',
      'Ananya',
      'Rohan',
      'Priya',
      'Vikram',
      'Sneha',
      'Arjun',
      'Kavya',
      'Rahul',
      'Divya',
      'अनुष्का',
      'राहुल',
      'Lakshmi',
      'Karthik',
    ],
    family: ['Sharma', 'Patel', 'Iyer', 'Reddy', 'Nair', 'Gupta', 'Singh', 'Kulkarni', 'Menon', 'Chatterjee', 'शर्मा', 'D’Souza'],
  },
  {
    country: 'US',
    languages: ['es'],
    given: ['Emily', 'Michael', 'Jessica', 'Daniel', 'Ashley', 'Tyler', 'Mary-Kate', 'DeShawn', 'Madison', 'Ethan'],
    family: ['Smith', 'Johnson', 'Williams', 'Brown', 'Garcia', 'Miller', 'O’Neill', 'Smith-Jones', 'Washington', 'Nguyen'],
  },
  {
    country: 'GB',
    languages: ['fr'],
    given: ['Oliver', 'Amelia', 'Harry', 'Isla', 'George', 'Zoë', 'Freddie', 'Poppy', 'Siobhan', 'Rhys'],
    family: ['Taylor', 'Davies', 'Evans', 'Thomas', 'Roberts', 'Hughes', 'Wright', 'Ap Rhys', 'Baker-Hughes', 'Walker'],
  },
  {
    country: 'IE',
    languages: ['fr'],
    given: ['Seán', 'Aoife', 'Niamh', 'Ciarán', 'Saoirse', 'Pádraig', 'Róisín', 'Conor'],
    family: ['O’Brien', 'Murphy', 'Kelly', 'O’Sullivan', 'Walsh', 'McCarthy', "O'Connor"],
    gendered: { femaleGiven: ['Aoife', 'Niamh', 'Saoirse', 'Róisín'], female: ['Ní Bhriain'], male: ['Ó Briain'] },
  },
  {
    country: 'DE',
    languages: ['de'],
    given: ['Lukas', 'Anna', 'Jürgen', 'Lena', 'Maximilian', 'Sophie', 'Björn', 'Hanna-Lena'],
    family: ['Müller', 'Schmidt', 'Schäfer', 'Weiß', 'Becker', 'Hoffmann', 'Köhler', 'von Bülow'],
  },
  {
    country: 'FR',
    languages: ['fr'],
    given: ['Jean-Luc', 'Chloé', 'Élodie', 'Mathis', 'Léa', 'François', 'Zoë', 'Inès'],
    family: ['Martin', 'Bernard', 'Dubois', 'Lefèvre', 'Girard', 'Moreau', 'Da Silva', 'D’Artois'],
  },
  {
    country: 'ES',
    languages: ['es'],
    given: ['José', 'María José', 'Lucía', 'Javier', 'Carmen', 'Álvaro', 'Nuria', 'Íñigo'],
    family: ['García', 'Fernández', 'López', 'Martínez', 'Sánchez', 'Pérez', 'García-López', 'Muñoz'],
  },
  {
    country: 'MX',
    languages: ['es'],
    given: ['José', 'Guadalupe', 'Alejandro', 'Ximena', 'Juan Pablo', 'Valeria', 'Andrés', 'Renata'],
    family: ['Hernández', 'González', 'Rodríguez', 'Ramírez', 'Cruz', 'Flores', 'de la Cruz', 'Ortiz'],
  },
  {
    country: 'BR',
    languages: ['pt', 'es'],
    given: ['João', 'Ana Clara', 'Gabriel', 'Beatriz', 'Luís', 'Letícia', 'Thiago', 'Conceição'],
    family: ['Silva', 'Santos', 'Oliveira', 'Souza', 'Conceição', 'Araújo', 'Gonçalves', 'Magalhães'],
  },
  {
    country: 'PL',
    languages: ['pl', 'de'],
    given: ['Łukasz', 'Agnieszka', 'Paweł', 'Małgorzata', 'Krzysztof', 'Zofia', 'Michał', 'Katarzyna'],
    family: ['Nowak', 'Wójcik', 'Mazur', 'Krawczyk'],
    gendered: {
      femaleGiven: ['Agnieszka', 'Małgorzata', 'Zofia', 'Katarzyna'],
      female: ['Kowalska', 'Wiśniewska', 'Kamińska', 'Lewandowska', 'Zielińska', 'Dąbrowska'],
      male: ['Kowalski', 'Wiśniewski', 'Kamiński', 'Lewandowski', 'Zieliński', 'Dąbrowski'],
    },
  },
  {
    country: 'UA',
    languages: ['uk', 'ru', 'pl'],
    given: ['Олександр', 'Олена', 'Андрій', 'Ірина', 'Дмитро', 'Юлія', 'Oleksandr', 'Kateryna'],
    family: ['Шевченко', 'Коваленко', 'Бондаренко', 'Ткаченко', 'Kovalenko', 'Melnyk', 'Бойко', 'Кравчук'],
  },
  {
    country: 'TR',
    languages: ['tr', 'de'],
    given: ['Mehmet', 'Ayşe', 'Emre', 'Özge', 'Burak', 'Şeyma', 'Çağrı', 'Elif'],
    family: ['Yılmaz', 'Kaya', 'Demir', 'Şahin', 'Çelik', 'Öztürk', 'Aydın', 'Doğan'],
  },
  {
    country: 'EG',
    languages: ['ar', 'fr'],
    given: ['محمد', 'أحمد', 'فاطمة', 'مريم', 'Mohamed', 'Nour', 'Youssef', 'Salma'],
    family: ['عبد الله', 'حسن', 'السيد', 'Abdel-Rahman', 'Hassan', 'El-Sayed', 'Mostafa', 'إبراهيم'],
  },
  {
    country: 'AE',
    languages: ['ar', 'hi', 'ur'],
    given: ['محمد', 'خالد', 'عائشة', 'Omar', 'Layla', 'Hamdan', 'Sara', 'Rashid'],
    family: ['Al-Mansouri', 'Al Nahyan', 'المنصوري', 'الهاشمي', 'Al-Hashimi', 'Khoury', 'Haddad', 'Saleh'],
  },
  {
    country: 'IL',
    languages: ['he', 'ar', 'ru'],
    given: ['נועה', 'יוסף', 'Noa', 'Yosef', 'Tamar', 'Itai', 'Maya', 'Avi'],
    family: ['כהן', 'לוי', 'Cohen', 'Levi', 'Mizrahi', 'Peretz', 'Ben-David', 'Friedman'],
  },
  {
    country: 'NG',
    languages: ['fr'],
    given: ['Chukwuemeka', 'Adaeze', 'Oluwaseun', 'Ngozi', 'Tunde', 'Folake', 'Ifeanyi', 'Zainab'],
    family: ['Okafor', 'Adebayo', 'Eze', 'Okonkwo', 'Balogun', 'Nwosu', 'Adeyemi', 'Ibrahim'],
  },
  {
    country: 'KE',
    languages: ['sw'],
    given: ['Wanjiru', 'Otieno', 'Akinyi', 'Kamau', 'Njeri', 'Kiprono', 'Amina', 'Baraka'],
    family: ['Mwangi', 'Ochieng', 'Kariuki', 'Wambui', 'Kipchoge', 'Odhiambo', 'Njoroge', 'Chebet'],
  },
  {
    country: 'CN',
    languages: ['zh'],
    given: ['伟', '芳', '小明', '静', '磊', '秀英', 'Wei', 'Xiaoling'],
    family: ['李', '王', '张', '刘', '陈', 'Zhang', 'Liu', 'Chen'],
    familyFirst: true,
  },
  {
    country: 'JP',
    languages: ['ja'],
    given: ['翔太', '花子', '健太', 'さくら', 'Yuki', 'Haruto', 'Aiko', 'Ren'],
    family: ['佐藤', '鈴木', '高橋', '田中', 'Sato', 'Suzuki', 'Takahashi', 'Watanabe'],
    familyFirst: true,
  },
  {
    country: 'KR',
    languages: ['ko'],
    given: ['민준', '서연', '지훈', '하은', 'Min-jun', 'Seo-yeon', 'Ji-ho', 'Soo-ah'],
    family: ['김', '이', '박', '최', 'Kim', 'Lee', 'Park', 'Choi'],
    familyFirst: true,
  },
  {
    country: 'VN',
    languages: ['vi'],
    given: ['Minh Anh', 'Quang', 'Thảo', 'Dũng', 'Hương', 'Tuấn', 'Ngọc Lan', 'Phúc'],
    family: ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng', 'Vũ', 'Đặng', 'Bùi'],
    familyFirst: true,
  },
  {
    country: 'ID',
    languages: ['id', 'ms'],
    given: ['Putri', 'Budi', 'Siti', 'Agus', 'Dewi', 'Rizky', 'Ayu', 'Bayu'],
    family: ['Santoso', 'Wijaya', 'Pratama', 'Hidayat', 'Kusuma', 'Saputra', 'Nugroho', 'Lestari'],
  },
  {
    country: 'PH',
    languages: ['tl'],
    given: ['Maria Clara', 'Jose', 'Angelica', 'Mark Anthony', 'Kristine', 'Paolo', 'Jasmine', 'Rafael'],
    family: ['Dela Cruz', 'Santos', 'Reyes', 'Bautista', 'Villanueva', 'Mendoza', 'Del Rosario', 'Castillo'],
  },
  {
    country: 'PK',
    languages: ['ur', 'pa'],
    given: ['Ali', 'Ayesha', 'Hamza', 'Fatima', 'Bilal', 'Hira', 'Usman', 'Zara'],
    family: ['Khan', 'Ahmed', 'Malik', 'Qureshi', 'Chaudhry', 'Butt', 'Siddiqui', 'Sheikh'],
  },
  {
    country: 'BD',
    languages: ['bn'],
    given: ['Tahmid', 'Nusrat', 'Sakib', 'Farhana', 'রহিম', 'সুমাইয়া', 'Arif', 'Tasnim'],
    family: ['Rahman', 'Hossain', 'Islam', 'Chowdhury', 'রহমান', 'Sarker'],
    gendered: { femaleGiven: ['Nusrat', 'Farhana', 'সুমাইয়া', 'Tasnim'], female: ['Akter', 'Khatun'], male: ['Uddin', 'Mia'] },
  },
  {
    country: 'RU',
    languages: ['ru'],
    given: ['Иван', 'Ольга', 'Дмитрий', 'Анастасия', 'Sergei', 'Natalia', 'Алексей', 'Мария'],
    family: [],
    gendered: {
      femaleGiven: ['Ольга', 'Анастасия', 'Natalia', 'Мария'],
      female: ['Иванова', 'Смирнова', 'Кузнецова', 'Попова', 'Volkova', 'Sokolova', 'Лебедева', 'Новикова'],
      male: ['Иванов', 'Смирнов', 'Кузнецов', 'Попов', 'Volkov', 'Sokolov', 'Лебедев', 'Новиков'],
    },
  },
  {
    country: 'GR',
    languages: ['el'],
    given: ['Γιώργος', 'Μαρία', 'Νίκος', 'Ελένη', 'Giorgos', 'Eleni', 'Dimitris', 'Katerina'],
    family: ['Georgiou', 'Οικονόμου'],
    gendered: {
      femaleGiven: ['Μαρία', 'Ελένη', 'Eleni', 'Katerina'],
      female: ['Παπαδοπούλου', 'Nikolaidou', 'Papadaki', 'Karagianni', 'Βλάχου'],
      male: ['Παπαδόπουλος', 'Nikolaidis', 'Papadakis', 'Karagiannis', 'Βλάχος'],
    },
  },
  {
    country: 'NL',
    languages: ['nl', 'de'],
    given: ['Daan', 'Sanne', 'Bram', 'Zoë', 'Joris', 'Fleur', 'Thijs', 'Noor'],
    family: ['de Jong', 'Jansen', 'de Vries', 'van den Berg', 'van Dijk', 'Bakker', 'Visser', 'Smit'],
  },
  {
    country: 'SE',
    languages: ['sv'],
    given: ['Erik', 'Astrid', 'Oskar', 'Maja', 'Björn', 'Ebba', 'Linnéa', 'Axel'],
    family: ['Andersson', 'Johansson', 'Karlsson', 'Nilsson', 'Eriksson', 'Lindström', 'Åkesson', 'Öberg'],
  },
  {
    country: 'IT',
    languages: ['it'],
    given: ['Giulia', 'Alessandro', 'Francesca', 'Lorenzo', 'Chiara', 'Niccolò', 'Martina', 'Matteo'],
    family: ['Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'D’Angelo', 'De Luca'],
  },
  {
    country: 'TH',
    languages: ['th'],
    given: ['สมชาย', 'สุดารัตน์', 'Somchai', 'Nattaya', 'Kittisak', 'Pimchanok', 'Anan', 'Wanida'],
    family: ['ศรีสุข', 'Srisuk', 'Saetang', 'Chaiyaphum', 'Wongsawat', 'Rattanakul', 'Boonmee', 'Thongchai'],
  },
  {
    country: 'IR',
    languages: ['fa'],
    given: ['Reza', 'Maryam', 'Amir', 'Zahra', 'Dariush', 'Shirin', 'مریم', 'رضا'],
    family: ['Hosseini', 'Ahmadi', 'Rezaei', 'Karimi', 'Moradi', 'Tehrani', 'حسینی', 'احمدی'],
  },
];
