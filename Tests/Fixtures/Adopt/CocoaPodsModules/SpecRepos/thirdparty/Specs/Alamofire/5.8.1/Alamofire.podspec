Pod::Spec.new do |s|
  s.name = 'Alamofire'
  s.version = '5.8.1'
  s.source_files = 'Source/**/*.swift'
end
